import { TOKEN_COOKIE } from '@app/contract/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../lib/cookies';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { renderApp } from '../testing/render-app';
import { signedInRoutes, signIn } from '../testing/signed-in-stubs';
import { stubFetch } from '../testing/stub-fetch';

describe('user popover', () => {
  it('shows who is signed in and links to upgrade, chat and settings', async () => {
    signIn();
    stubFetch(
      signedInRoutes(basicInfosFixture({ username: 'Ada', email: 'a***e@example.com', role_name: 'admin' })),
    );
    renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));

    expect(await screen.findByText('a***e@example.com')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    // The popover's own links (the top bar has a Chat link of its own).
    const card = within(screen.getByText('a***e@example.com').closest('.user-card') as HTMLElement);
    expect(card.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/subscription');
    expect(card.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/chat');
    expect(card.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/account/personal/profile',
    );
  });

  it('offers the admin console to whoever may open /admin, and to nobody else', async () => {
    signIn();
    stubFetch(signedInRoutes(basicInfosFixture({ username: 'Ada' })));
    renderApp('/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect((await screen.findByRole('link', { name: 'Admin console' })).getAttribute('href')).toBe('/admin');
  });

  it('shows no admin link to a user the server refuses /admin', async () => {
    signIn();
    const infos = basicInfosFixture({ username: 'Bo' });
    stubFetch({
      ...signedInRoutes(infos),
      'POST /api/routes/permission/list': (request) => {
        const asked = (request.json() as { page_routes?: string[] } | undefined)?.page_routes ?? [];
        return {
          body: {
            page_routes: asked.map((route) =>
              route.startsWith('/admin')
                ? { route, access: false, code: 'FORBIDDEN' }
                : { route, access: true, code: 'OK' },
            ),
            apis: [],
            version: infos.latest_permission_version,
          },
        };
      },
    });
    renderApp('/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Admin console' })).toBeNull();
  });

  it('logs out: tells the server, drops the token and the cache, and goes to /login', async () => {
    signIn();
    const fetch = stubFetch({ ...signedInRoutes(), 'POST /api/sign-out': { body: { signed_out: true } } });
    const app = renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(fetch.callsTo('POST /api/sign-out')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(getToken()).toBeNull();
    expect(document.cookie).not.toContain(`${TOKEN_COOKIE}=`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // Once /login shows, the signed-in layer (and its cache) is gone.
    expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('still signs out locally when the server cannot be reached', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'POST /api/sign-out': { status: 503, body: {} } });
    const app = renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(getToken()).toBeNull();
  });
});
