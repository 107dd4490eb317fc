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
 * AI tables (issue 25): rows copied from a kept result or a dataset, data columns read from the
 * rows, AI columns whose cells a job generates. A cell keeps its status, value, error and the
 * prompt version it was made with; a column run counts what it did and what it was charged.
 */
export const aiTables = pgTable(
  'ai_tables',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: jsonb('source').notNull(),
    sourceLabel: text('source_label').notNull(),
    rowCount: integer('row_count').notNull(),
    truncated: boolean('truncated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_tables_team_idx').on(t.teamId, t.createdAt)],
);

export const aiTableColumns = pgTable(
  'ai_table_columns',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    tableId: text('table_id')
      .notNull()
      .references(() => aiTables.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** data | ai */
    kind: text('kind').notNull(),
    /** text | number (data columns) */
    type: text('type').notNull().default('text'),
    position: integer('position').notNull(),
    prompt: text('prompt'),
    /** text | number | label | ad_copy */
    output: text('output'),
    labels: jsonb('labels'),
    /** The model that writes the column's cells; null: the assistant's model at run time. */
    model: text('model'),
    promptVersion: integer('prompt_version').notNull().default(1),
  },
  (t) => [index('ai_table_columns_table_idx').on(t.tableId, t.position)],
);

export const aiTableRows = pgTable(
  'ai_table_rows',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    tableId: text('table_id')
      .notNull()
      .references(() => aiTables.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [index('ai_table_rows_table_idx').on(t.tableId, t.position)],
);

export const aiColumnRuns = pgTable(
  'ai_column_runs',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    tableId: text('table_id')
      .notNull()
      .references(() => aiTables.id, { onDelete: 'cascade' }),
    columnId: text('column_id')
      .notNull()
      .references(() => aiTableColumns.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    /** running | paused | done | cancelled */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    model: text('model').notNull(),
    /** The worker's last sign of life: a run silent for long was lost with its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_column_runs_table_idx').on(t.tableId, t.createdAt),
    index('ai_column_runs_live_idx').on(t.status, t.heartbeatAt),
    check('ai_column_runs_status_check', sql`${t.status} in ('running', 'paused', 'done', 'cancelled')`),
  ],
);

export const aiTableCells = pgTable(
  'ai_table_cells',
  {
    rowId: text('row_id')
      .notNull()
      .references(() => aiTableRows.id, { onDelete: 'cascade' }),
    columnId: text('column_id')
      .notNull()
      .references(() => aiTableColumns.id, { onDelete: 'cascade' }),
    tableId: text('table_id').notNull(),
    /** empty | queued | running | done | failed */
    status: text('status').notNull(),
    value: jsonb('value'),
    error: text('error'),
    promptVersion: integer('prompt_version'),
    /** The run that last queued it; its credit hold is keyed by run and row. */
    runId: text('run_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rowId, t.columnId] }),
    index('ai_table_cells_run_idx').on(t.runId, t.status),
    index('ai_table_cells_table_idx').on(t.tableId),
    check(
      'ai_table_cells_status_check',
      sql`${t.status} in ('empty', 'queued', 'running', 'done', 'failed')`,
    ),
  ],
);
