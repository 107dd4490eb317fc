import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';

export const zServerError = z.object({
  id: z.number().int(),
  req_id: z.string(),
  method: z.string(),
  url: z.string(),
  route: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  status: z.number().int(),
  message: z.string(),
  stack: z.string().nullable(),
  creation_time: zSeconds,
});

/** The fields listServerErrors may be filtered and sorted by (nothing else reaches the server). */
export const serverErrorListFields = defineListFields({
  route: { kind: 'text', filter: ['eq', 'contains'], sort: true },
  user_id: { kind: 'text', filter: ['eq'] },
  status: { kind: 'number', filter: ['eq', 'gte'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q` matches a req_id exactly or the message. */
export const listServerErrors = defineEndpoint({
  method: 'GET',
  path: '/api/admin/server-errors',
  permission: 'admin.logs.read',
  summary: 'Unhandled errors with their request id, route, user and stack',
  tags: ['admin: logs'],
  query: zListQueryOf(serverErrorListFields),
  response: zListResponse(zServerError),
});
