import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A message text's parameters (`TextParams` of `platform/keyed-text.ts`). */
type MessageTextParams = Record<string, string | number | { msgid: string } | { seeded: string }>;

/**
 * A user's inbox (spec section 3, "Unread message"): level important | warning | special | other.
 * `send_id` ties messages an admin sent together to their send.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    /** Title and body as sent: in the recipient's language of the day, or as an admin typed them. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * What the server wrote (a reminder, an invoice, a connector): the catalogue msgid and
     * parameters of the title and body, rendered in the reader's language when read
     * (`platform/keyed-text.ts`). Null for an admin's own words and for rows from before keys.
     */
    titleKey: text('title_key'),
    titleParams: jsonb('title_params').$type<MessageTextParams>(),
    bodyKey: text('body_key'),
    bodyParams: jsonb('body_params').$type<MessageTextParams>(),
    /** The subject of the e-mail that went to this user with this message, as sent: never re-rendered. */
    emailSubject: text('email_subject'),
    /** An in-app path the message points to (an invoice, an order), if any. */
    link: text('link'),
    sendId: text('send_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_user_created_idx').on(t.userId, t.createdAt),
    index('inbox_user_unread_idx').on(t.userId, t.readAt),
  ],
);

/** What an admin sent: to whom (audience), by which channels, and how many it reached. */
export const messageSends = pgTable('message_sends', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  /** `{ kind: 'all' } | { kind: 'role', role } | { kind: 'team', team_id } | { kind: 'users', user_ids }` */
  audience: jsonb('audience').notNull(),
  inApp: boolean('in_app').notNull(),
  email: boolean('email').notNull(),
  level: text('level').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  recipients: integer('recipients').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Broadcast notices; `pop_up` ones open once per user until closed, within their time window. */
export const notices = pgTable(
  'notices',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    level: text('level').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    popUp: boolean('pop_up').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_window_idx').on(t.startsAt, t.endsAt)],
);

/** A pop-up a user closed: closed on one device is closed on all (`pop_up_msg_close`). */
export const noticeCloses = pgTable(
  'notice_closes',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/**
 * Every e-mail the product tried to send (ARCHITECTURE section 6, messages): status queued |
 * sent | failed | not_sent (no SMTP), with the error and attempts. The rendered message is kept
 * so an admin can resend exactly what failed.
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    to: text('to').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may try a queued mail again (backoff grows with the attempts). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sendId: text('send_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_logs_created_idx').on(t.createdAt),
    index('email_logs_status_idx').on(t.status, t.nextAttemptAt),
  ],
);
