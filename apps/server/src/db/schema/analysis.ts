import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { teams } from './teams';

/**
 * AI functions as data (ARCHITECTURE section 8, Functions; issue 25). A function is its key and
 * the version in use; each change to its definition (names, parameters, sources, workflow) is a
 * new row of `ai_function_versions`, never an edit, so a run can say exactly what it ran.
 */
export const aiFunctions = pgTable(
  'ai_functions',
  {
    key: text('key').primaryKey(),
    /** `analysis` or `ai_table`: the area the function belongs to (and the plans' coarse switch). */
    area: text('area').notNull(),
    currentVersion: integer('current_version').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ai_functions_area_check', sql`${t.area} in ('analysis', 'ai_table')`)],
);

export const aiFunctionVersions = pgTable(
  'ai_function_versions',
  {
    functionKey: text('function_key')
      .notNull()
      .references(() => aiFunctions.key, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The whole definition (`zFunctionDefinition`) as it was at this version. */
    definition: jsonb('definition').notNull(),
    /** Who made the version; null for the built-in seed. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.functionKey, t.version] })],
);

/**
 * A run of an analysis function: who ran it in which team, the version and inputs it used, its
 * parts (the reply's typed parts) and what it cost. Kept for the history, a re-run and sharing.
 */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    functionKey: text('function_key').notNull(),
    version: integer('version').notNull(),
    inputs: jsonb('inputs').notNull(),
    filters: jsonb('filters').notNull(),
    /** running | succeeded | failed */
    status: text('status').notNull(),
    parts: jsonb('parts').notNull().default(sql`'[]'::jsonb`),
    model: text('model'),
    credits: integer('credits'),
    error: text('error'),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('analysis_runs_team_idx').on(t.teamId, t.createdAt),
    index('analysis_runs_user_idx').on(t.userId, t.teamId, t.createdAt),
    check('analysis_runs_status_check', sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);
