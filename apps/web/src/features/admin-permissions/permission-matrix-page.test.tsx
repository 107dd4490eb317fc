import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const MATRIX = {
  roles: [
    { code: 'admin', name: 'Admin', is_system: true },
    { code: 'operator', name: 'Operator', is_system: true },
    { code: 'super_admin', name: 'Super admin', is_system: true },
  ],
  page_routes: [
    { route: '/admin/user/users', code: 'admin.users.read' },
    { route: '/admin/user/roles', code: 'admin.roles.read' },
    { route: '/login', code: 'public' },
  ],
  apis: [{ api: 'GET /api/admin/users', code: 'admin.users.read', summary: 'Users, paged' }],
  grants: { admin: ['admin.users.*'], operator: [], super_admin: ['*'] },
  version: 4,
};

function server() {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/permissions': { body: MATRIX },
    'PUT /api/admin/permissions/roles/admin': {
      body: { grants: ['admin.users.edit', 'admin.users.ban'], version: 5 },
    },
    'PUT /api/admin/permissions/roles/operator': {
      body: { grants: ['admin.roles.read'], version: 5 },
    },
  });
}

const cell = (role: string, target: string) =>
  screen.findByRole('checkbox', { name: `${role} may use ${target}` });

describe('/admin/permission', () => {
  it('ticks what each role holds, through a pattern too, and keeps the super admin column read-only', async () => {
    signIn();
    server();
    renderApp('/admin/permission');

    const adminUsers = (await cell('Admin', '/admin/user/users')) as HTMLInputElement;
    expect(adminUsers.checked).toBe(true);
    expect(((await cell('Admin', '/admin/user/roles')) as HTMLInputElement).checked).toBe(false);
    const superAdmin = (await cell('Super admin', '/admin/user/roles')) as HTMLInputElement;
    expect(superAdmin.checked).toBe(true);
    expect(superAdmin.disabled).toBe(true);
    // Open pages need no grant and offer no checkbox.
    expect(screen.getByText('Open to everyone, no grant needed')).toBeTruthy();
  });

  it('withdraws a code held through a pattern, sending {codes, held: false}', async () => {
    signIn();
    const fetch = server();
    renderApp('/admin/permission');
    const user = userEvent.setup();

    await user.click(await cell('Admin', '/admin/user/users'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/permissions/roles/admin')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/permissions/roles/admin')[0]?.json()).toEqual({
      codes: ['admin.users.read'],
      held: false,
    });
    // The answer's grants are the role's new state.
    await waitFor(async () =>
      expect(((await cell('Admin', '/admin/user/users')) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('grants a code, sending {codes, held: true}', async () => {
    signIn();
    const fetch = server();
    renderApp('/admin/permission');
    const user = userEvent.setup();

    await user.click(await cell('Operator', '/admin/user/roles'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/permissions/roles/operator')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/permissions/roles/operator')[0]?.json()).toEqual({
      codes: ['admin.roles.read'],
      held: true,
    });
    await waitFor(async () =>
      expect(((await cell('Operator', '/admin/user/roles')) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('searches routes and codes, keeping the search in the URL, and switches to APIs', async () => {
    signIn();
    server();
    const app = renderApp('/admin/permission');
    const user = userEvent.setup();

    await cell('Admin', '/admin/user/users');
    await user.click(screen.getByRole('searchbox', { name: 'Search route, API or code' }));
    await user.paste('roles');
    await waitFor(() => expect(screen.queryByText('/admin/user/users')).toBeNull());
    expect(screen.getByText('/admin/user/roles')).toBeTruthy();
    expect(app.location()).toBe('/admin/permission?q=roles');

    await user.clear(screen.getByRole('searchbox', { name: 'Search route, API or code' }));
    await user.click(screen.getByText('APIs'));
    expect(await screen.findByText('GET /api/admin/users')).toBeTruthy();
    expect(screen.getByText('Users, paged')).toBeTruthy();
  });
});
