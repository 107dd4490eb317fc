import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { teams } from './teams';

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
    /** avatar | brand_logo | upload */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Served without a token (avatars, logos shown in the UI). */
    public: boolean('public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_team_idx').on(t.teamId), index('files_owner_idx').on(t.ownerId)],
);

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
