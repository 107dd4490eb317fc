import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Settings an admin changes while the server runs (`/admin/sys-settings/dynamic-configs`). */
export const dynamicConfigs = pgTable('dynamic_configs', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a dynamic config, kept for its history and rollback. A null value means the
 * default applied (no row in `dynamic_configs`). The author is kept by id; a deleted user's
 * changes stay, without a name.
 */
export const dynamicConfigChanges = pgTable(
  'dynamic_config_changes',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    key: text('key').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    rollbackOf: text('rollback_of'),
  },
  (table) => [index('dynamic_config_changes_key_at').on(table.key, table.changedAt)],
);
