import { matchPageRoute } from '@app/contract/page-routes';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicPages } from './routes/public-routes';
import { workspacePages } from './routes/workspace-routes';
import { renderApp } from './testing/render-app';
import { signedInRoutes, signIn } from './testing/signed-in-stubs';
import { stubFetch } from './testing/stub-fetch';

describe('route guard wiring', () => {
  it('sends a visitor without a token from a login-required page to /login?next=, asking the server nothing', async () => {
    const fetch = stubFetch();
    const app = renderApp('/chat?tab=recent');

    await waitFor(() => expect(app.location()).toBe(`/login?next=${encodeURIComponent('/chat?tab=recent')}`));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(fetch.callsTo('GET /api/user/basic-infos')).toHaveLength(0);
  });

  it('sends a signed-in user the server refuses to /403?from=', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'POST /api/routes/permission/list': {
        body: { page_routes: [{ route: '/chat', access: false, code: 'FORBIDDEN' }], apis: [], version: 1 },
      },
    });
    const app = renderApp('/chat');

    await waitFor(() => expect(app.location()).toBe('/403?from=%2Fchat'));
    expect(await screen.findByText('/chat')).toBeTruthy();
  });

  it('redirects / to /chat', async () => {
    signIn();
    stubFetch(signedInRoutes());
    const app = renderApp('/');

    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(await screen.findByText('Ask about your marketing data')).toBeTruthy();
  });

  it('shows a failing guard as an error with its request id, keeping the app around it', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/user/basic-infos': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'No such user', req_id: 'req-42' },
      },
    });
    renderApp('/chat');

    expect(await screen.findByText('Sorry! Something went wrong...')).toBeTruthy();
    expect(screen.getByText('req-42')).toBeTruthy();
  });

  it('shows the 404 page for an unknown path', async () => {
    stubFetch();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it("marks each page login-required exactly when the contract's page registry does", () => {
    for (const page of [...publicPages, ...workspacePages]) {
      const registered = matchPageRoute(page.path);
      expect(registered, page.path).toBeDefined();
      expect(page.loginRequired, page.path).toBe(registered?.permission !== 'public');
    }
  });
});
