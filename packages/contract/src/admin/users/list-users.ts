import { defineEndpoint } from '../../define-endpoint';
import { zListQuery, zListResponse } from '../../list';
import { zAdminUserRow } from './user-row';

/** Filterable fields: role (eq, in), banned (eq), created_at (between, gte, lte). `q` searches name and e-mail. */
export const listAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  permission: 'admin.users.read',
  summary: 'Users, paged, searchable and filterable',
  tags: ['admin: users'],
  query: zListQuery,
  response: zListResponse(zAdminUserRow),
});
