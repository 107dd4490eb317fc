import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/** Tiles of the admin home; later features add theirs. Days are in the caller's time zone (x-tz-offset). */
export const getAdminDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  permission: 'admin.dashboard.read',
  summary: 'Users, sign-ups per day, active sessions and recent server errors',
  tags: ['admin: dashboard'],
  query: z.object({ days: z.coerce.number().int().min(7).max(365).default(30) }),
  response: z.object({
    users_total: z.number().int(),
    users_banned: z.number().int(),
    active_sessions: z.number().int(),
    signups_per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
    recent_server_errors: z.array(
      z.object({
        id: z.number().int(),
        req_id: z.string(),
        route: z.string().nullable(),
        message: z.string(),
        creation_time: zSeconds,
      }),
    ),
  }),
});
