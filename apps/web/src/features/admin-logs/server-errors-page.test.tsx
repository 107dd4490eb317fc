import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

function serverError(id: number, reqId: string) {
  return {
    id,
    req_id: reqId,
    method: 'GET',
    url: '/api/user/basic-infos?x=1',
    route: '/api/user/basic-infos',
    user_id: 'u-1',
    user_email: 'ada@example.com',
    status: 500,
    message: `Boom ${id}`,
    stack: `Error: Boom ${id}\n    at handler (users.service.ts:41:3)`,
    creation_time: 1_700_000_000,
  };
}

function server() {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/server-errors': (request) => {
      const q = new URL(request.url, 'http://localhost').searchParams.get('q');
      const all = [serverError(1, 'req-1'), serverError(2, 'req-2')];
      const items = q ? all.filter((item) => item.req_id === q) : all;
      return { body: { items, total: items.length, page: 1, page_size: 10 } };
    },
  });
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/sys-logs/server-error', () => {
  it('finds an error by request id from the URL and opens it with its stack', async () => {
    signIn();
    const fetch = server();
    renderApp('/admin/sys-logs/server-error?q=req-2');

    expect(await screen.findByText(/at handler \(users\.service\.ts:41:3\)/)).toBeTruthy();
    const query = new URL(fetch.callsTo('GET /api/admin/server-errors')[0]?.url ?? '', 'http://localhost')
      .searchParams;
    expect(query.get('q')).toBe('req-2');
    expect(query.get('sort')).toBe('-creation_time');
  });

  it('opens an error from the list', async () => {
    signIn();
    server();
    renderApp('/admin/sys-logs/server-error');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByText('req-1'));

    expect(await screen.findByText(/Error: Boom 1/)).toBeTruthy();
    expect(screen.getByText('GET /api/user/basic-infos?x=1')).toBeTruthy();
  });

  it('searches by request id, into the API query and the URL', async () => {
    signIn();
    const fetch = server();
    const app = renderApp('/admin/sys-logs/server-error');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(
      await screen.findByRole('searchbox', { name: 'Search request ID or message', hidden: true }),
    );
    await user.paste('req-1');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(app.location()).toBe('/admin/sys-logs/server-error?q=req-1'));
    await waitFor(() => {
      const last = fetch.callsTo('GET /api/admin/server-errors').at(-1);
      expect(new URL(last?.url ?? '', 'http://localhost').searchParams.get('q')).toBe('req-1');
    });
  });
});
