import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zStoredFile } from './files';

const tags = ['admin: storage'];

export const zAdminStoredFile = zStoredFile.extend({
  team: z.object({ id: z.string(), name: z.string() }),
});

export const adminStorageFileListFields = defineListFields({
  name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  ext: { kind: 'text', filter: ['eq', 'in'], sort: true },
  size: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  uploader_email: { kind: 'text', filter: ['contains', 'eq'], sort: false },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q` searches file names, team names and uploaders' e-mails. */
export const listAdminStorageFiles = defineEndpoint({
  method: 'GET',
  path: '/api/admin/storage/files',
  permission: 'admin.storage.read',
  summary: "Every team's files",
  tags,
  query: zListQueryOf(adminStorageFileListFields),
  response: zListResponse(zAdminStoredFile),
});

export const deleteAdminStorageFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/storage/files/{id}',
  permission: 'admin.storage.delete',
  summary: 'Delete any team’s file (recorded)',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const zStorageStat = z.object({
  total_bytes: z.number().int(),
  total_files: z.number().int(),
  by_team: z.array(
    z.object({
      team_id: z.string(),
      team_name: z.string(),
      bytes: z.number().int(),
      files: z.number().int(),
      limit_bytes: z.number().int(),
    }),
  ),
  by_type: z.array(z.object({ ext: z.string(), bytes: z.number().int(), files: z.number().int() })),
  /** Bytes and files added per month (YYYY-MM, UTC), oldest first, for the growth chart. */
  by_month: z.array(z.object({ month: z.string(), bytes: z.number().int(), files: z.number().int() })),
  /** The teams using the largest share of their quota, highest first. */
  nearest_quota: z.array(
    z.object({
      team_id: z.string(),
      team_name: z.string(),
      bytes: z.number().int(),
      limit_bytes: z.number().int(),
    }),
  ),
  computed_at: zSeconds,
});

export const getAdminStorageStat = defineEndpoint({
  method: 'GET',
  path: '/api/admin/storage/stat',
  permission: 'admin.storage.read',
  summary: 'Storage totals by team, type and month, and the teams nearest their quota',
  tags,
  response: zStorageStat,
});

export const zOrphanReport = z.object({
  /** Stored objects no file row points to. */
  objects_without_row: z.array(z.object({ key: z.string(), size: z.number().int() })),
  /** File rows whose object is missing from the store. */
  rows_without_object: z.array(
    z.object({ id: z.string(), name: z.string(), team_id: z.string().nullable() }),
  ),
  checked_at: zSeconds,
});

export const checkStorageOrphans = defineEndpoint({
  method: 'GET',
  path: '/api/admin/storage/orphans',
  permission: 'admin.storage.read',
  summary: 'Objects without a row and rows without an object',
  tags,
  response: zOrphanReport,
});

/** Removes what the check found (checked again first): unreferenced objects and rows without bytes. */
export const cleanStorageOrphans = defineEndpoint({
  method: 'POST',
  path: '/api/admin/storage/orphans/clean',
  permission: 'admin.storage.delete',
  summary: 'Remove orphaned objects and rows',
  tags,
  response: z.object({ objects_removed: z.number().int(), rows_removed: z.number().int() }),
});
