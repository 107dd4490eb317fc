import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every admin mutation: who, what, on what, before and after, from where, and how it ended. */
export const operationRecords = pgTable(
  'operation_records',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    result: text('result').$type<'success' | 'failure'>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_records_created_idx').on(t.createdAt),
    index('operation_records_target_idx').on(t.targetType, t.targetId),
    index('operation_records_actor_idx').on(t.actorId),
  ],
);
