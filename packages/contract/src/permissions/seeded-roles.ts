/**
 * The names and descriptions the system roles are seeded with (`apps/server/src/modules/permissions/roles.seed.ts`),
 * by role code. Ours to translate while a role still carries them; a role an admin created or
 * renamed shows as they wrote it (the server's `roleLabel` follows the same rule).
 */
export const SEEDED_ROLE_TEXTS = {
  super_admin: { name: 'Super admin', description: 'Everything, including roles and permissions' },
  admin: { name: 'Admin', description: 'Every admin page except role and permission editing' },
  operator: {
    name: 'Operator',
    description: 'Support: users (read), orders, invoices, messages, logs (read)',
  },
  user: { name: 'User', description: 'No admin page' },
} as const;
