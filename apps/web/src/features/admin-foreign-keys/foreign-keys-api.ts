import {
  clearForeignKey,
  type ForeignKeyKindName,
  listForeignKeys,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const foreignKeysKey = ['admin', 'foreign-keys'] as const;

export const foreignKeysQuery = () =>
  queryOptions({
    queryKey: foreignKeysKey,
    queryFn: ({ signal }) => callApi(listForeignKeys, { signal }),
  });

/** Silent: the form places the server's field messages itself. */
export const saveKey = (kind: ForeignKeyKindName, values: Record<string, string>) =>
  callApi(saveForeignKey, { params: { kind }, body: { values }, silent: true });

export const clearKey = (kind: ForeignKeyKindName) => callApi(clearForeignKey, { params: { kind } });

export const testKey = (kind: ForeignKeyKindName) => callApi(testForeignKey, { params: { kind }, body: {} });
