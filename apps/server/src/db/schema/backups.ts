import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Backups of the product (issue 28 item 8): each is one archive in the object store (its `key`),
 * with the manifest it was written with (tables, row counts, checksums, files, analytics stores).
 * Neither this table nor `backup_settings` is itself backed up or restored: a restore must not
 * forget the backups taken after the one it restores, nor the schedule.
 */
export const backups = pgTable('backups', {
  id: text('id').primaryKey(),
  /** running | completed | failed */
  status: text('status').notNull(),
  /** manual | scheduled */
  trigger: text('trigger').notNull(),
  key: text('key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  durationMs: integer('duration_ms'),
  manifest: jsonb('manifest'),
  error: text('error'),
  createdBy: text('created_by'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** The one row of backup settings: how many completed backups are kept, and the schedule. */
export const backupSettings = pgTable('backup_settings', {
  id: integer('id').primaryKey().default(1),
  retention: integer('retention').notNull().default(7),
  scheduleEnabled: boolean('schedule_enabled').notNull().default(true),
  /** Hours between scheduled backups. */
  intervalHours: integer('interval_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
