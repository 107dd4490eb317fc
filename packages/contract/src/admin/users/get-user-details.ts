import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { zOperationRecord } from '../logs/operation-record';
import { zAdminUserRow, zUserIdParams } from './user-row';

export const zAdminSession = z.object({
  id: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: zSeconds,
  last_active_at: zSeconds,
  expires_at: zSeconds,
});

export const getAdminUserDetails = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/{id}',
  permission: 'admin.users.read',
  summary: "A user's profile, teams, sessions and recent operations",
  tags: ['admin: users'],
  params: zUserIdParams,
  response: z.object({
    user: zAdminUserRow,
    teams: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), personal: z.boolean() })),
    sessions: z.array(zAdminSession),
    operations: z.array(zOperationRecord),
  }),
});
