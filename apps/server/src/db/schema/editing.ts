import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Who is on an admin page editing a record (spec section 3, "Editor presence"). A row lives while
 * its heartbeats come (every 15 s); one that stops is expired by the presence job. In the database
 * rather than in memory, so every instance sees the same editors.
 */
export const editingPresence = pgTable(
  'editing_presence',
  {
    route: text('route').notNull(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How many of the user's tabs are on it: one tab leaving does not end the others' presence. */
    tabs: integer('tabs').notNull().default(1),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.route, t.key, t.userId] }),
    index('editing_presence_expires_idx').on(t.expiresAt),
  ],
);
