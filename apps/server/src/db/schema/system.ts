import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Version counters that clients cache against (`translation`, `permission`, `tag_help`).
 * Bumped in the same transaction as the change they describe.
 */
export const versions = pgTable('versions', {
  key: text('key').primaryKey(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Unhandled errors, found again by the `req_id` the user saw. */
export const serverErrors = pgTable(
  'server_errors',
  {
    id: serial('id').primaryKey(),
    reqId: text('req_id').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    route: text('route'),
    userId: text('user_id'),
    status: integer('status').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_errors_req_idx').on(t.reqId), index('server_errors_created_idx').on(t.createdAt)],
);
