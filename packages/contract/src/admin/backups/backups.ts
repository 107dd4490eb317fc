import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { DEFAULT_PAGE_SIZE, normalizePageSize, zListResponse } from '../../list';

/**
 * Backup and recovery (`/admin/sys-settings/backup-recovery`, issue 28 item 8). A backup is one
 * archive in the object store holding the relational database, the object store's files and the
 * teams' analytics stores, taken on demand or on a schedule. A restore puts the product in
 * maintenance (other calls answer 503 `MAINTENANCE` with `_retry_`), puts everything back and
 * checks the row counts; `verify_only` restores into a scratch schema that is thrown away.
 */

export const BACKUP_STATUSES = ['running', 'completed', 'failed'] as const;
export const zBackupStatus = z.enum(BACKUP_STATUSES);
export type BackupStatus = z.infer<typeof zBackupStatus>;

export const BACKUP_TRIGGERS = ['manual', 'scheduled'] as const;
export const zBackupTrigger = z.enum(BACKUP_TRIGGERS);
export type BackupTrigger = z.infer<typeof zBackupTrigger>;

/** Where a restore is: the phases in order, then its outcome. */
export const RESTORE_PHASES = [
  'idle',
  'draining',
  'waiting_writers',
  'database',
  'files',
  'analytics',
  'checking',
  'completed',
  'failed',
] as const;
export const zRestorePhase = z.enum(RESTORE_PHASES);
export type RestorePhase = z.infer<typeof zRestorePhase>;

export const zBackup = z.object({
  id: z.string(),
  status: zBackupStatus,
  trigger: zBackupTrigger,
  size_bytes: z.number().int().nonnegative().nullable(),
  duration_ms: z.number().int().nonnegative().nullable(),
  /** Rows of the relational database, files and analytics stores the archive holds. */
  rows: z.number().int().nonnegative().nullable(),
  tables: z.number().int().nonnegative().nullable(),
  files: z.number().int().nonnegative().nullable(),
  analytics_stores: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  started_at: zSeconds,
  finished_at: zSeconds.nullable(),
});
export type Backup = z.infer<typeof zBackup>;

export const zBackupSettings = z.object({
  schedule_enabled: z.boolean(),
  /** Hours between scheduled backups. */
  interval_hours: z
    .number({ message: 'Enter a number of hours from 1 to 720' })
    .int({ message: 'Enter a number of hours from 1 to 720' })
    .min(1, { message: 'Enter a number of hours from 1 to 720' })
    .max(720, { message: 'Enter a number of hours from 1 to 720' }),
  /** Completed backups kept; older ones are deleted. */
  retention: z
    .number({ message: 'Keep from 1 to 100 backups' })
    .int({ message: 'Keep from 1 to 100 backups' })
    .min(1, { message: 'Keep from 1 to 100 backups' })
    .max(100, { message: 'Keep from 1 to 100 backups' }),
});
export type BackupSettings = z.infer<typeof zBackupSettings>;

/** A table, a file or an analytics store whose restored count differs from the backup's. */
export const zRestoreMismatch = z.object({
  kind: z.enum(['table', 'file', 'analytics']),
  name: z.string(),
  expected: z.number().int().nullable(),
  found: z.number().int().nullable(),
});
export type RestoreMismatch = z.infer<typeof zRestoreMismatch>;

export const zRestoreStatus = z.object({
  /** Whether the product is in maintenance now (on this instance, or announced by another). */
  maintenance: z.boolean(),
  phase: zRestorePhase,
  backup_id: z.string().nullable(),
  started_at: zSeconds.nullable(),
  finished_at: zSeconds.nullable(),
  error: z.string().nullable(),
  mismatches: z.array(zRestoreMismatch),
});
export type RestoreStatus = z.infer<typeof zRestoreStatus>;

export const zVerifyResult = z.object({
  ok: z.boolean(),
  tables: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  analytics_stores: z.number().int().nonnegative(),
  mismatches: z.array(zRestoreMismatch),
});
export type VerifyResult = z.infer<typeof zVerifyResult>;

/** What a restore asks to be typed, so it is never started by a stray click. */
export const RESTORE_CONFIRMATION = 'RESTORE';

const zBackupId = z.object({ id: z.string().trim().min(1).max(64) });
const tags = ['admin: backups'];

export const listBackups = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups',
  permission: 'admin.backups.read',
  summary: 'Backups, newest first, with size, duration and status',
  tags,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().default(DEFAULT_PAGE_SIZE).transform(normalizePageSize),
  }),
  response: zListResponse(zBackup),
});

export const takeBackup = defineEndpoint({
  method: 'POST',
  path: '/api/admin/backups',
  permission: 'admin.backups.edit',
  summary: 'Take a backup now; it runs in the background and is listed as running until done (recorded)',
  tags,
  response: z.object({ backup: zBackup }),
});

export const deleteBackup = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/backups/{id}',
  permission: 'admin.backups.edit',
  summary: 'Delete a backup and its archive (recorded)',
  tags,
  params: zBackupId,
  response: z.object({ deleted: z.boolean() }),
});

export const getBackupDownload = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups/{id}/download',
  permission: 'admin.backups.read',
  summary: "A short-lived signed link to a completed backup's archive (gzip, JSON lines)",
  tags,
  params: zBackupId,
  response: z.object({ url: z.string(), expires_at: zSeconds }),
});

/** Where a signed link leads on the local disk (no presigned URLs there): the token is the permission. */
export const downloadBackupArchive = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups-archive',
  permission: 'public',
  summary: 'The archive a signed backup link names',
  tags,
  query: z.object({ token: z.string().min(1).max(2000) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: ['application/gzip'] },
});

export const getBackupSettings = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups/settings',
  permission: 'admin.backups.read',
  summary: 'The backup schedule and retention',
  tags,
  response: z.object({ settings: zBackupSettings }),
});

export const putBackupSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/backups/settings',
  permission: 'admin.backups.edit',
  summary: 'Change the backup schedule and retention (recorded)',
  tags,
  body: zBackupSettings,
  response: z.object({ settings: zBackupSettings }),
});

export const restoreBackup = defineEndpoint({
  method: 'POST',
  path: '/api/admin/backups/{id}/restore',
  permission: 'admin.backups.restore',
  summary:
    'Restore a backup: maintenance, then the database, files and analytics stores, then the counts checked; or, with verify_only, restore into a scratch schema that is rolled back (recorded)',
  tags,
  params: zBackupId,
  body: z.object({
    /** `RESTORE`, typed by the admin; not needed to verify. */
    confirm: z.string().max(50).optional(),
    verify_only: z.boolean().default(false),
  }),
  response: z.object({ restore: zRestoreStatus.nullable(), verify: zVerifyResult.nullable() }),
});

/** Answered from memory during a restore (no database, no session), so a page can follow it. */
export const getRestoreStatus = defineEndpoint({
  method: 'GET',
  path: '/api/admin/backups/restore-status',
  permission: 'admin.backups.read',
  summary: 'Where the running (or last) restore is; answered during maintenance too',
  tags,
  response: z.object({ restore: zRestoreStatus }),
});
