import type { EndpointQuery } from '@app/contract/define-endpoint';
import {
  checkStorageOrphans,
  cleanStorageOrphans,
  deleteAdminStorageFile,
  getAdminStorageStat,
  listAdminStorageFiles,
} from '@app/contract/storage/admin-storage';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const adminStorageKey = ['admin', 'storage'] as const;

export function fetchAdminFiles(
  query: EndpointQuery<typeof listAdminStorageFiles>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminStorageFiles, { query, signal });
}

export const deleteAnyFile = (id: string) => callApi(deleteAdminStorageFile, { params: { id } });

export const storageStatQuery = () =>
  queryOptions({
    queryKey: [...adminStorageKey, 'stat'],
    queryFn: ({ signal }) => callApi(getAdminStorageStat, { signal }),
  });

export const checkOrphans = () => callApi(checkStorageOrphans, {});
export const cleanOrphans = () => callApi(cleanStorageOrphans, {});
