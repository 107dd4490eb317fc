import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { STORAGE_MIMES, UPLOAD_ERRORS } from './file-types';
import { zUserName } from './user-name';

const tags = ['storage'];

export const zStoredFile = z.object({
  id: z.string(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number().int(),
  folder_id: z.string().nullable(),
  uploaded_by: z.object({ id: z.string(), username: z.string() }).nullable(),
  created_at: zSeconds,
  /**
   * `upload`: a file someone uploaded. `generated`: made by the product (an export, a chart image,
   * a report) for `uploaded_by`, kept in the team's storage and counted against its quota.
   */
  origin: z.enum(['upload', 'generated']),
});
export type StoredFile = z.infer<typeof zStoredFile>;

/** Spec section 3, Upload result item: `why` is the raw reason (admins), `error` the user code. */
export const zUploadResultItem = z.object({
  name: z.string(),
  status: z.enum(['success', 'failure']),
  why: z.string().nullable(),
  error: z.enum(UPLOAD_ERRORS).nullable(),
  file: zStoredFile.nullable(),
});
export type UploadResultItem = z.infer<typeof zUploadResultItem>;

/** Spec section 3, Upload response: `result[]` (with `msg_type` and `msg`). */
export const zUploadResponse = z.object({ result: z.array(zUploadResultItem) });
export type UploadResponse = z.infer<typeof zUploadResponse>;

/**
 * Multipart: files in `upload_files` (or the field named by `file_field`), at most 10 of at most
 * 20 MB each; `folder_id` (or `folder`, a path of names created as needed) places them.
 */
export const uploadStorageFiles = defineEndpoint({
  method: 'POST',
  path: '/api/account/storage/upload',
  permission: 'signed_in',
  summary: "Upload files into the team's storage (multipart)",
  tags,
  response: zUploadResponse,
});

/** The admin variant (spec section 7): into any team's storage; results carry the raw `why`. */
export const adminUploadStorageFiles = defineEndpoint({
  method: 'POST',
  path: '/api/admin/storage/upload',
  permission: 'admin.storage.upload',
  summary: "Upload files into a team's storage (multipart; `team_id` query, default the caller's team)",
  tags: ['admin: storage'],
  query: z.object({ team_id: z.string().min(1).max(64).optional() }),
  response: zUploadResponse,
});

export const storageFileListFields = defineListFields({
  name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  ext: { kind: 'text', filter: ['eq', 'in'], sort: true },
  size: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/**
 * `folder_id` lists one folder (`root` for the top); absent lists every file the caller sees;
 * `project_id` only the files in that project's folders. `q` searches names.
 */
export const listStorageFiles = defineEndpoint({
  method: 'GET',
  path: '/api/account/storage/files',
  permission: 'signed_in',
  openApi: { scope: 'team.files.read' },
  summary: "The team's files",
  tags,
  query: zListQueryOf(storageFileListFields, {
    folder_id: z.string().min(1).max(64).optional(),
    project_id: z.string().min(1).max(64).optional(),
  }),
  response: zListResponse(zStoredFile),
});

export const zFileChange = z
  .object({
    name: zUserName.optional(),
    /** null moves the file to the root. */
    folder_id: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((value) => value.name !== undefined || value.folder_id !== undefined, {
    message: 'Nothing to change',
    path: ['name'],
  });

export const updateStorageFile = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/storage/files/{id}',
  permission: 'signed_in',
  summary: 'Rename or move a file',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: zFileChange,
  response: z.object({ file: zStoredFile }),
});

export const deleteStorageFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/storage/files/{id}',
  permission: 'signed_in',
  summary: 'Delete a file',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * A short-lived link that opens the file in a new window without a bearer header (a presigned S3
 * URL, or the app's signed download URL): `attachment` downloads, `inline` previews.
 */
export const createStorageFileLink = defineEndpoint({
  method: 'POST',
  path: '/api/account/storage/files/{id}/link',
  permission: 'signed_in',
  summary: 'A short-lived download or preview link for a file',
  tags,
  readOnly: true,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') }),
  response: z.object({ url: z.string(), expires_at: zSeconds }),
});

/** The bytes behind a signed link; byte ranges are honoured. The token is the permission. */
export const downloadStorageFile = defineEndpoint({
  method: 'GET',
  path: '/api/storage/download',
  permission: 'public',
  summary: 'The bytes of a file, through a signed link',
  tags,
  // In the query: a signed token is longer than a path segment may be.
  query: z.object({ token: z.string().min(1).max(1024) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: STORAGE_MIMES },
});

/** Spec `usm_quota` figures for storage, with space by type. */
export const zStorageUsage = z.object({
  used_bytes: z.number().int(),
  limit_bytes: z.number().int(),
  files_count: z.number().int(),
  by_type: z.array(z.object({ ext: z.string(), bytes: z.number().int(), files: z.number().int() })),
});

export const getStorageUsage = defineEndpoint({
  method: 'GET',
  path: '/api/account/storage/usage',
  permission: 'signed_in',
  openApi: { scope: 'team.files.read' },
  summary: "The team's storage used against its quota, by type",
  tags,
  response: zStorageUsage,
});
