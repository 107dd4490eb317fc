import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zUserName } from './user-name';

const tags = ['storage'];

/** Spec section 3, Folder tree node: id, folder, sub_folders. */
export interface FolderNode {
  id: string;
  folder: string;
  project_id: string | null;
  files_count: number;
  sub_folders: FolderNode[];
}

/** Named in the global registry: a recursive schema is an OpenAPI component it can refer to. */
export const zFolderNode: z.ZodType<FolderNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      folder: z.string(),
      project_id: z.string().nullable(),
      files_count: z.number().int(),
      sub_folders: z.array(zFolderNode),
    }),
  )
  .meta({ id: 'FolderNode' });

/** A folder is named by the same rule as a file (`./user-name`). */
const zFolderName = zUserName;

const zId = z.string().min(1).max(64);

export const listStorageFolders = defineEndpoint({
  method: 'GET',
  path: '/api/account/storage/folders',
  permission: 'signed_in',
  summary:
    "The team's folder tree as the caller sees it (a project's folders: its members, the team's owner and admins)",
  tags,
  /** `project_id`: only that project's folders. */
  query: z.object({ project_id: zId.optional() }),
  response: z.object({ folders: z.array(zFolderNode) }),
});

export const createStorageFolder = defineEndpoint({
  method: 'POST',
  path: '/api/account/storage/folders',
  permission: 'signed_in',
  summary: 'Create a folder',
  tags,
  body: z.object({
    folder: zFolderName,
    parent_id: zId.nullable().default(null),
    project_id: zId.nullable().default(null),
  }),
  response: z.object({ id: z.string() }),
});

/** Rename and/or move (`parent_id` null: to the top). A folder cannot move into itself. */
export const updateStorageFolder = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/storage/folders/{id}',
  permission: 'signed_in',
  summary: 'Rename or move a folder',
  tags,
  params: z.object({ id: zId }),
  body: z.object({ folder: zFolderName.optional(), parent_id: zId.nullable().optional() }),
  response: z.object({ id: z.string() }),
});

/**
 * A folder with files (its sub-folders' included) is deleted only with `confirm_files` equal to
 * that number, which a first refusal (CONFLICT with `files_count`) tells the client to ask about.
 */
export const deleteStorageFolder = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/storage/folders/{id}',
  permission: 'signed_in',
  summary: 'Delete a folder, its sub-folders and their files',
  tags,
  params: z.object({ id: zId }),
  query: z.object({ confirm_files: z.coerce.number().int().min(0).optional() }),
  response: z.object({ deleted_files: z.number().int() }),
});
