import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';
import { teams } from './teams';

/**
 * An uploaded table imported into the team's analytics store (`ds_<id>` in its DuckDB file).
 * The row here says what the columns are and how the import is going.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    columns: jsonb('columns').$type<{ index: number; key: string; name: string; type: string }[]>().notNull(),
    /** importing | ready | failed */
    status: text('status').notNull().default('importing'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('datasets_team_idx').on(t.teamId)],
);
