import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zMessageLevel } from '../user/get-basic-infos';

/** A notice as users see it. */
export const zNotice = z.object({
  id: z.string(),
  level: zMessageLevel,
  title: z.string(),
  body: z.string(),
  pop_up: z.boolean(),
  start_time: zSeconds,
  end_time: zSeconds.nullable(),
});
export type Notice = z.infer<typeof zNotice>;

/** Pop-up notices in their time window that the caller has not closed (on any device). */
export const listPopUpNotices = defineEndpoint({
  method: 'GET',
  path: '/api/account/notices/pop-up',
  permission: 'signed_in',
  summary: 'Pop-up notices to show the caller now',
  tags: ['messages'],
  response: z.object({ items: z.array(zNotice) }),
});

/** Notices in their time window, newest first (the messages page's notices tab). */
export const listCurrentNotices = defineEndpoint({
  method: 'GET',
  path: '/api/account/notices',
  permission: 'signed_in',
  summary: 'Notices in force now',
  tags: ['messages'],
  response: z.object({ items: z.array(zNotice) }),
});

/** Closed here is closed everywhere: the caller's other tabs hear `pop_up_msg_close`. */
export const closePopUpNotice = defineEndpoint({
  method: 'POST',
  path: '/api/account/notices/{id}/close',
  permission: 'signed_in',
  summary: 'Close a pop-up notice on every device',
  tags: ['messages'],
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ closed: z.literal(true) }),
});

// ---- Admin ----

export const zAdminNotice = zNotice.extend({
  created_by: z.string().nullable(),
  closed_count: z.number().int(),
  status: z.enum(['scheduled', 'active', 'ended']),
  creation_time: zSeconds,
});
export type AdminNotice = z.infer<typeof zAdminNotice>;

const zNoticeInput = z
  .object({
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
    pop_up: z.boolean().default(false),
    start_time: zSeconds,
    end_time: zSeconds.nullable().default(null),
  })
  .refine((notice) => notice.end_time === null || notice.end_time > notice.start_time, {
    message: 'The end must be after the start',
    path: ['end_time'],
  });

/** The fields listAdminNotices may be filtered and sorted by (nothing else reaches the server). */
export const noticeListFields = defineListFields({
  level: { kind: 'text', filter: ['eq', 'in'] },
  pop_up: { kind: 'bool', filter: ['eq'] },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  start_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q`: title or body. */
export const listAdminNotices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/msg/notices',
  permission: 'admin.messages.read',
  summary: 'Notices, newest first',
  tags: ['admin: messages'],
  query: zListQueryOf(noticeListFields),
  response: zListResponse(zAdminNotice),
});

export const createNotice = defineEndpoint({
  method: 'POST',
  path: '/api/admin/msg/notices',
  permission: 'admin.messages.edit',
  summary: 'Publish a notice',
  tags: ['admin: messages'],
  body: zNoticeInput,
  response: zAdminNotice,
});

export const updateNotice = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/msg/notices/{id}',
  permission: 'admin.messages.edit',
  summary: 'Change a notice',
  tags: ['admin: messages'],
  params: z.object({ id: z.string().min(1).max(64) }),
  body: zNoticeInput,
  response: zAdminNotice,
});

export const deleteNotice = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/msg/notices/{id}',
  permission: 'admin.messages.edit',
  summary: 'Withdraw a notice',
  tags: ['admin: messages'],
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ deleted: z.literal(true) }),
});
