import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basicInfosFixture } from '../../../lib/testing/basic-infos-fixture';
import { renderApp } from '../../testing/render-app';
import { signedInRoutes, signIn } from '../../testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../testing/stub-fetch';

const DASHBOARD = {
  users_total: 12,
  users_banned: 1,
  active_sessions: 3,
  // No days: the chart (AG Charts, not for jsdom) stays out of these tests.
  signups_per_day: [],
  recent_server_errors: [],
};

/** A server granting exactly `granted` of the pages it is asked about. */
function adminServer(granted: string[], infos = basicInfosFixture({ role_name: 'operator' })): StubRoutes {
  return {
    ...signedInRoutes(infos),
    'POST /api/routes/permission/list': (request) => {
      const asked = (request.json() as { page_routes: string[] }).page_routes;
      return {
        body: {
          page_routes: asked.map((route) => {
            const access = granted.includes(route);
            return { route, access, code: access ? 'OK' : 'FORBIDDEN' };
          }),
          apis: [],
          version: infos.latest_permission_version,
        },
      };
    },
    'GET /api/admin/dashboard': { body: DASHBOARD },
    'GET /api/admin/setup-notices': { body: { mail_configured: true } },
  };
}

async function sideMenu() {
  return within(await screen.findByRole('navigation', { name: 'Admin menu' }));
}

describe('admin shell', () => {
  it('shows only the pages the server grants, hides pages not built yet and groups left empty', async () => {
    signIn();
    const fetch = stubFetch(
      adminServer([
        '/admin',
        '/admin/user/users',
        '/admin/sys-logs/server-error',
        '/admin/ai-toolkit/workflows',
        '/doc/open/apis',
      ]),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    const menu = await sideMenu();

    expect(await menu.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await user.click(menu.getByText('Users'));
    expect(await menu.findByRole('link', { name: 'Users' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Roles' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Teams' })).toBeNull();
    // Both of its pages refused: the Permissions subgroup goes too.
    expect(menu.queryByText('Permissions')).toBeNull();

    await user.click(menu.getByText('System'));
    await user.click(await menu.findByText('Logs'));
    expect(await menu.findByRole('link', { name: 'Server errors' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Operation records' })).toBeNull();

    // Granted, but not built yet: neither asked about nor shown, and AI Toolkit is empty.
    expect(menu.queryByText('AI Toolkit')).toBeNull();
    expect(menu.queryByText('Storage')).toBeNull();
    // Built and open to anyone: the server grants it, and the menu links the Open API's page.
    expect(menu.getByRole('link', { name: 'API Docs' }).getAttribute('href')).toBe('/doc/open/apis');
    const asked = fetch
      .callsTo('POST /api/routes/permission/list')
      .flatMap((request) => (request.json() as { page_routes: string[] }).page_routes);
    expect(asked).toContain('/admin/user/roles');
    expect(asked).not.toContain('/admin/ai-toolkit/workflows');
    expect(asked).toContain('/doc/open/apis');
  });

  it('asks for the menu in one batch and takes the pages the guard already knows from the cache', async () => {
    signIn();
    const fetch = stubFetch(adminServer(['/admin']));
    renderApp('/admin');

    await (await sideMenu()).findByRole('link', { name: 'Dashboard' });
    const calls = fetch.callsTo('POST /api/routes/permission/list');
    // The guard asks for /admin; the menu asks once for the rest.
    expect(calls).toHaveLength(2);
    const menuBatch = calls[1]?.json() as { page_routes: string[] } | undefined;
    expect(menuBatch?.page_routes).not.toContain('/admin');
    expect(menuBatch?.page_routes.length).toBeGreaterThan(1);
  });

  it('shows the mail banner on every admin page while the server cannot send mail, and none once it can', async () => {
    signIn();
    stubFetch({
      ...adminServer(['/admin']),
      'GET /api/admin/setup-notices': { body: { mail_configured: false } },
    });
    const app = renderApp('/admin');
    expect(await screen.findByText('Mail is not set up on this server')).toBeTruthy();
    expect(
      screen.getByText(
        /Password resets, invitations and e-mail codes cannot be sent: users are told so\. Set the mail server/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('SMTP_URL').getAttribute('translate')).toBe('no');
    app.unmount();

    stubFetch(adminServer(['/admin']));
    renderApp('/admin');
    await (await sideMenu()).findByRole('link', { name: 'Dashboard' });
    expect(screen.queryByText('Mail is not set up on this server')).toBeNull();
  });

  it('says when the menu could not be loaded, and asks again on request', async () => {
    signIn();
    let failing = true;
    const granted = adminServer(['/admin', '/admin/user/users']);
    const grant = granted['POST /api/routes/permission/list'];
    const fetch = stubFetch({
      ...granted,
      // The guard's question (one page) is answered; the menu's batch fails until told otherwise.
      'POST /api/routes/permission/list': (request) => {
        const asked = (request.json() as { page_routes: string[] }).page_routes;
        if (asked.length > 1 && failing) {
          return { status: 500, body: { error_code: 'SERVER_ERROR', msg: 'Down', req_id: 'r1' } };
        }
        return typeof grant === 'function' ? grant(request) : { body: {} };
      },
    });
    renderApp('/admin');
    const user = userEvent.setup();

    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    expect(screen.getByText('The menu could not be loaded.')).toBeTruthy();
    failing = false;
    await user.click(retry);

    expect(await (await sideMenu()).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(fetch.callsTo('POST /api/routes/permission/list').length).toBeGreaterThan(2);
  });

  it('shows the front-end and the API versions, and links back to the workspace', async () => {
    signIn();
    stubFetch(adminServer(['/admin'], basicInfosFixture({ api_version: '3.4.5' })));
    renderApp('/admin');

    expect(await screen.findByText('Front-end 2.7.1')).toBeTruthy();
    expect(await screen.findByText('API 3.4.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to workspace' }).getAttribute('href')).toBe('/chat');
  });

  it('widens the menu when view_config.large_menu_for_adm is on', async () => {
    signIn();
    stubFetch(adminServer(['/admin'], basicInfosFixture({ view_config: { large_menu_for_adm: true } })));
    const { container } = renderApp('/admin');

    await (await sideMenu()).findByRole('link', { name: 'Dashboard' });
    const sider = container.querySelector<HTMLElement>('.admin-shell__sider');
    expect(sider?.style.width).toBe('288px');
  });

  it('sends a user the server refuses /admin to /403?from=/admin', async () => {
    signIn();
    stubFetch(adminServer([]));
    const app = renderApp('/admin');

    await waitFor(() => expect(app.location()).toBe('/403?from=%2Fadmin'));
  });

  it('shows where a page sits in breadcrumbs', async () => {
    signIn();
    stubFetch({
      ...adminServer(['/admin', '/admin/permission']),
      'GET /api/admin/permissions': {
        body: { roles: [], page_routes: [], apis: [], grants: {}, version: 1 },
      },
    });
    renderApp('/admin/permission');

    const crumbs = within(
      (await screen.findByText('Admin console', { selector: 'a' })).closest('nav') ?? document.body,
    );
    expect(crumbs.getByText('Users')).toBeTruthy();
    expect(crumbs.getByText('Permissions')).toBeTruthy();
    expect(crumbs.getByText('Permission matrix')).toBeTruthy();
  });
});
