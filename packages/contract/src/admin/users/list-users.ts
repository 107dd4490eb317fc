import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';
import { zAdminUserRow } from './user-row';

/** The fields listAdminUsers may be filtered and sorted by (nothing else reaches the server). */
export const adminUserListFields = defineListFields({
  role: { kind: 'text', filter: ['eq', 'in', 'ne'], sort: true },
  banned: { kind: 'bool', filter: ['eq'], sort: true },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  username: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  email: { kind: 'text', filter: ['contains', 'eq'], sort: true },
});

/** `q` searches name and e-mail. */
export const listAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  permission: 'admin.users.read',
  openApi: true,
  summary: 'Users, paged, searchable and filterable',
  tags: ['admin: users'],
  query: zListQueryOf(adminUserListFields),
  response: zListResponse(zAdminUserRow),
});
