import { listProjects } from '@app/contract/account/projects/projects';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import {
  createStorageFileLink,
  deleteStorageFile,
  getStorageUsage,
  listStorageFiles,
  updateStorageFile,
} from '@app/contract/storage/files';
import {
  createStorageFolder,
  deleteStorageFolder,
  listStorageFolders,
  updateStorageFolder,
} from '@app/contract/storage/folders';
import { queryOptions } from '@tanstack/react-query';
import { callApi, openDownload } from '../../lib/api/client';

export const storageKey = ['account', 'storage'] as const;

/** The folder tree the caller sees, or one project's (`projectId`). */
export const foldersQuery = (projectId?: string) =>
  queryOptions({
    queryKey: [...storageKey, 'folders', projectId ?? 'all'],
    queryFn: ({ signal }) => callApi(listStorageFolders, { query: { project_id: projectId }, signal }),
  });

/** The current team's projects the caller sees: the scopes a folder can belong to. */
export const teamProjectsQuery = () =>
  queryOptions({
    queryKey: [...storageKey, 'projects'],
    queryFn: ({ signal }) =>
      callApi(listProjects, { query: { scope: 'team', page: 1, page_size: 100, sort: 'name' }, signal }),
  });

export const usageQuery = () =>
  queryOptions({
    queryKey: [...storageKey, 'usage'],
    queryFn: ({ signal }) => callApi(getStorageUsage, { signal }),
  });

export function fetchFiles(
  query: EndpointQuery<typeof listStorageFiles>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listStorageFiles, { query, signal });
}

/** Silent, as are the renames: the name modal shows their refusals (useServerErrors). */
export const createFolder = (folder: string, parentId: string | null, projectId: string | null) =>
  callApi(createStorageFolder, {
    body: { folder, parent_id: parentId, project_id: parentId ? null : projectId },
    silent: true,
  });

export const renameFolder = (id: string, folder: string) =>
  callApi(updateStorageFolder, { params: { id }, body: { folder }, silent: true });

export const moveFolder = (id: string, parentId: string | null) =>
  callApi(updateStorageFolder, { params: { id }, body: { parent_id: parentId } });

/** Silent: a first refusal (CONFLICT with files_count) is a question for the user, not an error. */
export const deleteFolder = (id: string, confirmFiles?: number) =>
  callApi(deleteStorageFolder, { params: { id }, query: { confirm_files: confirmFiles }, silent: true });

export const renameFile = (id: string, name: string) =>
  callApi(updateStorageFile, { params: { id }, body: { name }, silent: true });

export const moveFile = (id: string, folderId: string | null) =>
  callApi(updateStorageFile, { params: { id }, body: { folder_id: folderId } });

export const deleteFile = (id: string) => callApi(deleteStorageFile, { params: { id } });

/** Opens the file in a new window through a short-lived signed link (no bearer header there). */
export async function openFile(id: string, disposition: 'inline' | 'attachment') {
  // Opened first, synchronously with the click, so the popup is not blocked; pointed at the link after.
  const opened = window.open('about:blank', '_blank');
  if (opened) opened.opener = null;
  const { url } = await callApi(createStorageFileLink, { params: { id }, body: { disposition } });
  if (opened) opened.location.href = url;
  else openDownload(url);
}
