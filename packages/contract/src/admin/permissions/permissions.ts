import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { isKnownPermissionCode } from '../../permission-codes';

const tags = ['admin: permissions'];

/**
 * The role x page-route/API matrix: every registered page and API with its code, and each role's
 * grants (codes or prefix patterns like `admin.users.*`; `grantMatches` tells whether one holds a code).
 */
export const getPermissionMatrix = defineEndpoint({
  method: 'GET',
  path: '/api/admin/permissions',
  permission: 'admin.permissions.read',
  summary: 'Every page route and API with its code, and what each role holds',
  tags,
  response: z.object({
    roles: z.array(z.object({ code: z.string(), name: z.string(), is_system: z.boolean() })),
    page_routes: z.array(z.object({ route: z.string(), code: z.string() })),
    apis: z.array(z.object({ api: z.string(), code: z.string(), summary: z.string() })),
    grants: z.record(z.string(), z.array(z.string())),
    version: z.number().int(),
  }),
});

/**
 * Grants or withdraws codes for a role. Withdrawing a code the role holds through a pattern
 * replaces the pattern by the codes it covered, less the withdrawn one.
 */
export const setRoleGrants = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/permissions/roles/{code}',
  permission: 'admin.permissions.edit',
  summary: 'Grant or withdraw permission codes for a role',
  tags,
  params: z.object({ code: z.string().min(1).max(64) }),
  body: z.object({
    codes: z
      .array(z.string())
      .min(1)
      .max(500)
      // Named on `codes` itself: the permission codes are a closed list (permission-codes.ts).
      .refine((codes) => codes.every(isKnownPermissionCode), { message: 'Not a permission code' }),
    held: z.boolean(),
  }),
  response: z.object({ grants: z.array(z.string()), version: z.number().int() }),
});
