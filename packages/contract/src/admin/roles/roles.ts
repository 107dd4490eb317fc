import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

const tags = ['admin: roles'];

export const zRole = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  is_system: z.boolean(),
  users_count: z.number().int(),
  created_at: zSeconds,
});

const zRoleParams = z.object({ code: z.string().min(1).max(64) });
const zRoleName = z
  .string()
  .trim()
  .min(1, { message: 'Enter a name' })
  .max(64, { message: 'Input exceeds maximum length' });
const zRoleDescription = z.string().trim().max(500, { message: 'Input exceeds maximum length' });

export const listRoles = defineEndpoint({
  method: 'GET',
  path: '/api/admin/roles',
  permission: 'admin.roles.read',
  summary: 'Roles with how many users hold each',
  tags,
  response: z.object({ items: z.array(zRole) }),
});

export const createRole = defineEndpoint({
  method: 'POST',
  path: '/api/admin/roles',
  permission: 'admin.roles.create',
  summary: 'Create a role (it starts with no grants)',
  tags,
  body: z.object({
    code: z
      .string()
      .regex(/^[a-z][a-z0-9_]{1,63}$/, { message: 'Use 2 to 64 lower-case letters, digits or _' }),
    name: zRoleName,
    description: zRoleDescription.default(''),
  }),
  response: z.object({ role: zRole }),
});

export const updateRole = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/roles/{code}',
  permission: 'admin.roles.edit',
  summary: 'Rename a role or change its description',
  tags,
  params: zRoleParams,
  body: z.object({ name: zRoleName.optional(), description: zRoleDescription.optional() }),
  response: z.object({ role: zRole }),
});

export const deleteRole = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/roles/{code}',
  permission: 'admin.roles.delete',
  summary: 'Delete a role nobody holds (seeded roles stay)',
  tags,
  params: zRoleParams,
  response: z.object({ deleted: z.literal(true) }),
});
