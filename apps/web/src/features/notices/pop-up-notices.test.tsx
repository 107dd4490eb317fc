import type { Notice } from '@app/contract/messages/notices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notice } from '../../app/testing/messages-test-server';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { hangingResponse } from '../../lib/testing/mock-fetch';

/** The pop-ups the server still shows this user: a close is kept, as on the real server. */
function popUpServer(notices: Notice[], extra: StubRoutes = {}) {
  const open = [...notices];
  return {
    open,
    routes: {
      ...signedInRoutes(),
      'GET /api/account/notices/pop-up': () => ({ body: { items: open } }),
      'POST /api/account/notices/n1/close': () => {
        open.splice(
          open.findIndex((item) => item.id === 'n1'),
          1,
        );
        return { body: { closed: true } };
      },
      'POST /api/account/notices/n2/close': () => {
        open.splice(
          open.findIndex((item) => item.id === 'n2'),
          1,
        );
        return { body: { closed: true } };
      },
      ...extra,
    } satisfies StubRoutes,
  };
}

function dialogShowing(title: string) {
  return screen.queryByRole('dialog', { name: new RegExp(title) });
}

describe('pop-up notices', () => {
  it('shows each pop-up once, in turn: "Got it" closes it on the server and the next one shows', async () => {
    signIn();
    const { routes } = popUpServer([
      notice('n1', { title: 'Maintenance tonight', body: 'Reports pause from 2 to 4 am.', level: 'warning' }),
      notice('n2', { title: 'New dashboards' }),
    ]);
    const fetch = stubFetch(routes);
    renderApp('/chat');
    const user = userEvent.setup();

    const first = await screen.findByRole('dialog', { name: /Maintenance tonight/ }, { timeout: 30_000 });
    expect(within(first).getByText('Reports pause from 2 to 4 am.')).toBeTruthy();
    expect(within(first).getByText('Warning')).toBeTruthy();
    // One at a time.
    expect(screen.queryByText('New dashboards')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/account/notices/n1/close')).toHaveLength(1));
    expect(await screen.findByRole('dialog', { name: /New dashboards/ })).toBeTruthy();
    expect(screen.queryByText('Maintenance tonight')).toBeNull();

    // The close button in the corner closes it just the same.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/account/notices/n2/close')).toHaveLength(1));
    await waitFor(() => expect(dialogShowing('New dashboards')).toBeNull());
    expect(fetch.callsTo('POST /api/account/notices/n1/close')).toHaveLength(1);
  });

  it('disappears when it is closed on another device (announced on the user stream)', async () => {
    signIn();
    let announce: () => void = () => undefined;
    const announced = new Promise<void>((resolve) => {
      announce = resolve;
    });
    let served = false;
    const { routes, open } = popUpServer([notice('n1', { title: 'Maintenance tonight' })], {
      'GET /api/subscriber/msgs/user_basic': async (request) => {
        if (served) return hangingResponse(request);
        served = true;
        await announced;
        const frame = `id: 3\ndata: ${JSON.stringify({ pop_up_msg_close: { id: 'n1' } })}\n\nid: 3\ndata: END\n\n`;
        return new Response(frame, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const fetch = stubFetch(routes);
    renderApp('/chat');

    expect(
      await screen.findByRole('dialog', { name: /Maintenance tonight/ }, { timeout: 30_000 }),
    ).toBeTruthy();
    open.length = 0;
    announce();

    await waitFor(() => expect(dialogShowing('Maintenance tonight')).toBeNull());
    // Closed elsewhere: this tab has nothing to tell the server.
    expect(fetch.callsTo('POST /api/account/notices/n1/close')).toHaveLength(0);
  });

  it('shows nothing when there is no pop-up', async () => {
    signIn();
    const fetch = stubFetch(signedInRoutes());
    renderApp('/chat');

    await waitFor(() => expect(fetch.callsTo('GET /api/account/notices/pop-up')).toHaveLength(1), {
      timeout: 30_000,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not asked for on public pages when nobody is signed in', async () => {
    const fetch = stubFetch();
    renderApp('/login');

    expect(await screen.findAllByText('Sign in', {}, { timeout: 30_000 })).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/notices/pop-up')).toHaveLength(0);
  });
});
