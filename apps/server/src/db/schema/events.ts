import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message published on the event bus, kept for a short retention so a client that
 * reconnects with `Last-Event-ID` is replayed what it missed. `user_id` null means every user
 * subscribed to the topic. Ids grow in commit order (publishing takes a transaction lock), so
 * "after id N" is exact.
 */
export const streamMessages = pgTable(
  'stream_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    userId: text('user_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stream_messages_topic_user_idx').on(t.topic, t.userId, t.id),
    index('stream_messages_created_idx').on(t.createdAt),
  ],
);
