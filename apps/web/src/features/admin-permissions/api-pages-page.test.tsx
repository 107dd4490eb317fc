import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const MATRIX = {
  roles: [
    { code: 'admin', name: 'Admin', is_system: true },
    { code: 'super_admin', name: 'Super admin', is_system: true },
  ],
  page_routes: [
    { route: '/admin/user/users', code: 'admin.users.read' },
    { route: '/admin/user/roles', code: 'admin.roles.read' },
  ],
  apis: [{ api: 'DELETE /api/admin/roles/{code}', code: 'admin.roles.delete', summary: 'Delete a role' }],
  grants: { admin: ['admin.users.*'], super_admin: ['*'] },
  version: 1,
};

describe('/admin/permission/api-pages', () => {
  it('lists pages and APIs with the roles holding them, searchable with the search in the URL', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/admin/permissions': { body: MATRIX } });
    const app = renderApp('/admin/permission/api-pages');
    // AG Grid's stylesheet makes jsdom's style lookups slow: no visibility or pointer-events checks.
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('/admin/user/users')).toBeTruthy();
    expect(screen.getByText('DELETE /api/admin/roles/{code}')).toBeTruthy();
    // admin.users.read: Admin through admin.users.*, Super admin through *.
    expect(screen.getAllByText('Admin')).toHaveLength(1);
    expect(screen.getAllByText('Super admin')).toHaveLength(3);

    await user.click(
      screen.getByRole('searchbox', { name: 'Search route, API, code or summary', hidden: true }),
    );
    await user.paste('roles');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByText('/admin/user/users')).toBeNull());
    expect(screen.getByText('/admin/user/roles')).toBeTruthy();
    expect(app.location()).toBe('/admin/permission/api-pages?q=roles');
  });
});
