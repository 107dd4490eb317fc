import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { projects, teams } from './teams';

/**
 * Stored files (avatars, logos; uploads later). Kept under a random key, never a user-supplied
 * path; the type is what the content's magic bytes say, not the name.
 */
export const files = pgTable(
  'files',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** avatar | brand_logo | upload (later: dataset, export, invoice) */
    kind: text('kind').notNull(),
    /** Uploads live in a folder of their team's tree, or at its root (null). */
    folderId: text('folder_id').references(() => storageFolders.id, { onDelete: 'no action' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Served without a token (avatars, logos shown in the UI). */
    public: boolean('public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_team_idx').on(t.teamId),
    index('files_owner_idx').on(t.ownerId),
    index('files_folder_idx').on(t.folderId),
    index('files_team_kind_created_idx').on(t.teamId, t.kind, t.createdAt),
  ],
);

/**
 * A team's folder tree. Names are unique among siblings (case-insensitive); a folder may belong
 * to a project, which scopes it as projects scope other data.
 */
export const storageFolders = pgTable(
  'storage_folders',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => storageFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_folders_sibling_name_idx').on(
      t.teamId,
      sql`coalesce(${t.parentId}, '')`,
      sql`lower(${t.name})`,
    ),
    index('storage_folders_parent_idx').on(t.parentId),
  ],
);

/**
 * Bytes a team keeps, counted as file rows come and go (in the same transaction), so the quota
 * is checked against one row that parallel uploads update one at a time.
 */
export const teamStorage = pgTable('team_storage', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  filesCount: bigint('files_count', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which messages also go by e-mail, per user and message level. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailImportant: boolean('email_important').notNull().default(true),
  emailWarning: boolean('email_warning').notNull().default(true),
  emailSpecial: boolean('email_special').notNull().default(false),
  emailOther: boolean('email_other').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
