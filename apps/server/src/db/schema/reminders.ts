import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Which reminders went to whom: the daily job sends each (reminder, key, user) once. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    reminder: text('reminder').notNull(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reminder, t.key, t.userId] })],
);
