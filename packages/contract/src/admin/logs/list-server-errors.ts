import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { zListQuery, zListResponse } from '../../list';

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

/** `q` matches a req_id exactly or the message; filterable by route, user_id (eq) and creation_time (between). */
export const listServerErrors = defineEndpoint({
  method: 'GET',
  path: '/api/admin/server-errors',
  permission: 'admin.logs.read',
  summary: 'Unhandled errors with their request id, route, user and stack',
  tags: ['admin: logs'],
  query: zListQuery,
  response: zListResponse(zServerError),
});
