import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zMessageLevel } from '../user/get-basic-infos';

/** Who a message goes to (issue 5: all users, a role, a team or chosen users). */
export const zAudience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('role'), role: z.string().min(1, { message: 'Choose a role' }).max(64) }),
    z.object({ kind: z.literal('team'), team_id: z.string().min(1, { message: 'Choose a team' }).max(64) }),
    z.object({
      kind: z.literal('users'),
      user_ids: z
        .array(z.string().min(1).max(64))
        .min(1, { message: 'Choose at least one user' })
        .max(1000, { message: 'At most 1000 users; send to a role or a team instead' }),
    }),
  ],
  { message: 'Choose who receives the message' },
);
export type Audience = z.infer<typeof zAudience>;

export const zSendInput = z
  .object({
    audience: zAudience,
    in_app: z.boolean(),
    email: z.boolean(),
    level: zMessageLevel,
    title: z
      .string()
      .trim()
      .min(1, { message: 'Enter a title' })
      .max(120, { message: 'At most 120 characters' }),
    body: z
      .string()
      .trim()
      .min(1, { message: 'Enter the text' })
      .max(5000, { message: 'At most 5000 characters' }),
  })
  .refine((input) => input.in_app || input.email, {
    message: 'Choose in-app, e-mail or both',
    path: ['in_app'],
  });
export type SendInput = z.infer<typeof zSendInput>;

/** What a send would do, without doing it: how many it reaches and the e-mail as rendered. */
export const previewSend = defineEndpoint({
  method: 'POST',
  path: '/api/admin/msg/send/preview',
  readOnly: true,
  permission: 'admin.messages.send',
  summary: 'Count the recipients and render the e-mail of a send',
  tags: ['admin: messages'],
  body: zSendInput,
  response: z.object({
    recipients: z.number().int(),
    sample: z.array(z.object({ id: z.string(), email: z.string(), username: z.string() })),
    email: z.object({ subject: z.string(), text: z.string() }).nullable(),
  }),
});

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/admin/msg/send',
  permission: 'admin.messages.send',
  summary: 'Send a message in-app and/or by e-mail',
  tags: ['admin: messages'],
  body: zSendInput,
  response: z.object({ id: z.string(), recipients: z.number().int(), emails_queued: z.number().int() }),
});

export const zMessageSend = z.object({
  id: z.string(),
  audience: zAudience,
  in_app: z.boolean(),
  email: z.boolean(),
  level: zMessageLevel,
  title: z.string(),
  body: z.string(),
  recipients: z.number().int(),
  created_by: z.string().nullable(),
  creation_time: zSeconds,
});

/** The fields listMessageSends may be filtered and sorted by (nothing else reaches the server). */
export const messageSendListFields = defineListFields({
  level: { kind: 'text', filter: ['eq', 'in'] },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const listMessageSends = defineEndpoint({
  method: 'GET',
  path: '/api/admin/msg/sends',
  permission: 'admin.messages.read',
  summary: 'Messages admins sent, newest first',
  tags: ['admin: messages'],
  query: zListQueryOf(messageSendListFields),
  response: zListResponse(zMessageSend),
});
