import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Third-party credentials ("foreign keys"), one row per kind. `sealed` is the JSON of the values,
 * AES-256-GCM with a key derived from APP_SECRET (platform/sealed.ts): a database dump alone
 * does not reveal them.
 */
export const foreignKeys = pgTable('foreign_keys', {
  kind: text('kind').primaryKey(),
  sealed: text('sealed').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastTestOk: boolean('last_test_ok'),
  lastTestMessage: text('last_test_message'),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
});
