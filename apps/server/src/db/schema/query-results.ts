import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { teams } from './teams';

/**
 * A query result kept (ARCHITECTURE section 8, "Results are kept"): what a reply, a chart, an
 * export or a follow-up refers to by id. It holds the query as asked and the answer as given
 * (columns, rows up to the query's limit, `truncated`, ranges, freshness, the SQL with its bound
 * values), so the figures shown later are the ones computed then.
 */
export const queryResults = pgTable(
  'query_results',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    query: jsonb('query').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('query_results_team_idx').on(t.teamId, t.createdAt)],
);
