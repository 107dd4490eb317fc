import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { zAdminUserRow, zUserIdParams } from './user-row';

const tags = ['admin: users'];
const zUserAnswer = z.object({ user: zAdminUserRow });

export const setAdminUserRole = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/{id}/role',
  permission: 'admin.users.edit',
  summary: "Change a user's role (only a super admin may grant or take super admin; the last one stays)",
  tags,
  params: zUserIdParams,
  body: z.object({ role: z.string().min(1).max(64) }),
  response: zUserAnswer,
});

export const banAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/ban',
  permission: 'admin.users.ban',
  summary: 'Ban a user with a reason; their sessions end at once',
  tags,
  params: zUserIdParams,
  body: z.object({
    reason: z
      .string()
      .trim()
      .min(1, { message: 'Give a reason' })
      .max(500, { message: 'Input exceeds maximum length' }),
  }),
  response: zUserAnswer,
});

export const unbanAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/unban',
  permission: 'admin.users.ban',
  summary: 'Lift a ban',
  tags,
  params: zUserIdParams,
  body: z.object({}).optional(),
  response: zUserAnswer,
});

export const signOutAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/sign-out',
  permission: 'admin.users.edit',
  summary: 'End every session of a user',
  tags,
  params: zUserIdParams,
  body: z.object({}).optional(),
  response: z.object({ revoked: z.number().int() }),
});

export const resetAdminUserPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/reset-password',
  permission: 'admin.users.edit',
  summary: 'E-mail the user a link to set a new password',
  tags,
  params: zUserIdParams,
  body: z.object({}).optional(),
  response: z.object({ sent: z.boolean(), reason: z.string().nullable() }),
});
