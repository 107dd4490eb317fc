import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/**
 * The function cache's switch per AI function (issue 28 item 2): off unless a row says otherwise.
 * Read through a VersionedCache (`func_cache`), moved by every change, so every instance sees it.
 */
export const funcCacheSettings = pgTable(
  'func_cache_settings',
  {
    functionKey: text('function_key').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    ttlSeconds: integer('ttl_seconds').notNull().default(3600),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('func_cache_settings_ttl_check', sql`${t.ttlSeconds} > 0`)],
);

/**
 * One kept result of an AI function. `key` is a digest of everything the result depends on (team,
 * function, version, parameters, the data's sync freshness, the day at the caller's offset, the
 * language, the model); the lookup also matches the team, so no other team can ever read it.
 */
export const funcCacheEntries = pgTable(
  'func_cache_entries',
  {
    key: text('key').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    functionKey: text('function_key').notNull(),
    version: integer('version').notNull(),
    /** The reply's parts as the run produced them. */
    parts: jsonb('parts').notNull(),
    model: text('model'),
    hits: integer('hits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('func_cache_entries_function_idx').on(t.functionKey, t.createdAt),
    index('func_cache_entries_expires_idx').on(t.expiresAt),
  ],
);
