import type { Backup, BackupSettings } from '@app/contract/admin/backups/backups';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { backupSettings, backups } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import type { BackupManifest } from './backup-archive';

export type BackupRow = typeof backups.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toBackup(row: BackupRow): Backup {
  const manifest = row.manifest as BackupManifest | null;
  const tables = manifest ? Object.values(manifest.tables) : null;
  return {
    id: row.id,
    status: row.status as Backup['status'],
    trigger: row.trigger as Backup['trigger'],
    size_bytes: row.sizeBytes,
    duration_ms: row.durationMs,
    rows: tables ? tables.reduce((sum, table) => sum + table.rows, 0) : null,
    tables: tables ? tables.length : null,
    files: manifest ? Object.keys(manifest.files).length : null,
    analytics_stores: manifest ? Object.keys(manifest.analytics).length : null,
    error: row.error,
    created_by: row.createdBy,
    started_at: seconds(row.startedAt),
    finished_at: row.finishedAt ? seconds(row.finishedAt) : null,
  };
}

export async function listBackupRows(db: Db, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(backups)
      .orderBy(desc(backups.startedAt), desc(backups.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(backups),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findBackup(db: Db | Tx, id: string): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backups).where(eq(backups.id, id));
  return row;
}

export async function insertBackup(
  db: Db | Tx,
  values: { id: string; trigger: string; createdBy: string | null },
): Promise<BackupRow> {
  const [row] = await db
    .insert(backups)
    .values({ ...values, status: 'running' })
    .returning();
  if (!row) throw new Error('backup row not written');
  return row;
}

export async function finishBackup(
  db: Db,
  id: string,
  values: Partial<Pick<BackupRow, 'status' | 'key' | 'sizeBytes' | 'durationMs' | 'manifest' | 'error'>>,
): Promise<void> {
  await db
    .update(backups)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(backups.id, id));
}

export async function deleteBackupRow(db: Db | Tx, id: string): Promise<void> {
  await db.delete(backups).where(eq(backups.id, id));
}

/** The archives every backup row names: a restore keeps them, a backup leaves them out. */
export async function archiveKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: backups.key }).from(backups).where(isNotNull(backups.key));
  return new Set(rows.map((row) => row.key).filter((key): key is string => key !== null));
}

/** Backups of `status` past the newest `keep`: what retention deletes. */
export async function backupsBeyond(db: Db, status: string, keep: number): Promise<BackupRow[]> {
  return db
    .select()
    .from(backups)
    .where(eq(backups.status, status))
    .orderBy(desc(backups.startedAt), desc(backups.id))
    .offset(keep);
}

export async function latestScheduled(db: Db): Promise<BackupRow | undefined> {
  const [row] = await db
    .select()
    .from(backups)
    .where(and(eq(backups.trigger, 'scheduled')))
    .orderBy(desc(backups.startedAt))
    .limit(1);
  return row;
}

export async function readSettings(db: Db | Tx): Promise<BackupSettings> {
  await db.insert(backupSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(backupSettings).where(eq(backupSettings.id, 1));
  return {
    schedule_enabled: row?.scheduleEnabled ?? true,
    interval_hours: row?.intervalHours ?? 24,
    retention: row?.retention ?? 7,
  };
}

export async function writeSettings(tx: Tx, settings: BackupSettings): Promise<void> {
  await tx
    .insert(backupSettings)
    .values({
      id: 1,
      scheduleEnabled: settings.schedule_enabled,
      intervalHours: settings.interval_hours,
      retention: settings.retention,
    })
    .onConflictDoUpdate({
      target: backupSettings.id,
      set: {
        scheduleEnabled: settings.schedule_enabled,
        intervalHours: settings.interval_hours,
        retention: settings.retention,
        updatedAt: new Date(),
      },
    });
}
