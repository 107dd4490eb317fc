import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';

/** queued: waiting for (another) try; not_sent: no SMTP configured; failed: tries used up. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'not_sent'] as const;
export const zEmailStatus = z.enum(EMAIL_STATUSES);

export const zEmailLog = z.object({
  id: z.string(),
  to: z.string(),
  user_id: z.string().nullable(),
  template: z.string(),
  locale: z.string(),
  subject: z.string(),
  /** Mails holding a one-time code or link are logged without their text. */
  text: z.string().nullable(),
  status: zEmailStatus,
  error: z.string().nullable(),
  attempts: z.number().int(),
  resendable: z.boolean(),
  creation_time: zSeconds,
  sent_time: zSeconds.nullable(),
});
export type EmailLog = z.infer<typeof zEmailLog>;

/** The fields listEmailLogs may be filtered and sorted by (nothing else reaches the server). */
export const emailLogListFields = defineListFields({
  status: { kind: 'text', filter: ['eq', 'in'] },
  template: { kind: 'text', filter: ['eq', 'in'] },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q`: recipient or subject. */
export const listEmailLogs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/msg/email-logs',
  permission: 'admin.messages.read',
  summary: 'Every e-mail the product tried to send',
  tags: ['admin: messages'],
  query: zListQueryOf(emailLogListFields),
  response: zListResponse(zEmailLog),
});

export const resendEmail = defineEndpoint({
  method: 'POST',
  path: '/api/admin/msg/email-logs/{id}/resend',
  permission: 'admin.messages.send',
  summary: 'Send a logged e-mail again now',
  tags: ['admin: messages'],
  params: z.object({ id: z.string().min(1).max(64) }),
  response: zEmailLog,
});
