import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zMessageLevel } from '../user/get-basic-infos';

/**
 * The e-mail that went to the reader with a message: its subject as it was sent, in the language
 * of that day. A record of what was sent, never rendered again in the reader's language; `as_sent`
 * says so.
 */
export const zInboxEmailCopy = z.object({ subject: z.string(), as_sent: z.literal(true) });

/**
 * One inbox message as its owner sees it (spec section 3, "Unread message", plus read state).
 * What the server wrote reads in the reader's language of the request; what an admin typed reads
 * as written.
 */
export const zInboxMessage = z.object({
  id: z.string(),
  level: zMessageLevel,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  creation_time: zSeconds,
  /** Set when the message also went by e-mail. */
  email: zInboxEmailCopy.nullable(),
});
export type InboxMessage = z.infer<typeof zInboxMessage>;

/** The fields listInboxMessages may be filtered and sorted by (nothing else reaches the server). */
export const inboxListFields = defineListFields({
  read: { kind: 'bool', filter: ['eq'] },
  level: { kind: 'text', filter: ['eq', 'in'] },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q`: title or body. */
export const listInboxMessages = defineEndpoint({
  method: 'GET',
  path: '/api/account/messages',
  permission: 'signed_in',
  summary: "The caller's messages, newest first",
  tags: ['messages'],
  query: zListQueryOf(inboxListFields),
  response: zListResponse(zInboxMessage).extend({ unread_total: z.number().int() }),
});

const zIds = z
  .array(z.string().min(1).max(64), { message: 'ids must be a list of message ids' })
  .min(1, { message: 'Choose at least one message' })
  .max(500, { message: 'At most 500 messages at a time' });

/** Ids that are not the caller's are ignored: nobody learns whether they exist. */
export const markMessagesRead = defineEndpoint({
  method: 'POST',
  path: '/api/account/messages/read',
  permission: 'signed_in',
  summary: 'Mark messages read',
  tags: ['messages'],
  body: z.object({ ids: zIds }),
  response: z.object({ updated: z.number().int(), unread_total: z.number().int() }),
});

export const markAllMessagesRead = defineEndpoint({
  method: 'POST',
  path: '/api/account/messages/read-all',
  permission: 'signed_in',
  summary: 'Mark every message read',
  tags: ['messages'],
  response: z.object({ updated: z.number().int(), unread_total: z.number().int() }),
});
