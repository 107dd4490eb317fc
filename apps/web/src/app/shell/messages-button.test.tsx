import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { hangingResponse } from '../../lib/testing/mock-fetch';
import { inboxMessage, inboxServer } from '../testing/messages-test-server';
import { renderApp } from '../testing/render-app';
import { signedInRoutes, signIn } from '../testing/signed-in-stubs';
import { stubFetch } from '../testing/stub-fetch';

const SENT_AT = 1_717_171_717;

const infos = basicInfosFixture({
  msgs_unread: {
    total: 3,
    msgs: [
      {
        id: 'm1',
        level: 'important',
        title: 'Invoice ready',
        body: 'Your May invoice is ready.',
        link: '/account/wallets/invoices',
        creation_time: SENT_AT,
      },
      {
        id: 'm2',
        level: 'warning',
        title: 'Credits low',
        body: 'Fewer than 10 credits left.',
        link: null,
        creation_time: SENT_AT,
      },
    ],
  },
});

describe('top bar messages', () => {
  it('shows the unread total from basic infos and lists the unread messages', async () => {
    signIn();
    stubFetch(signedInRoutes(infos));
    const app = renderApp('/chat');
    const user = userEvent.setup();

    const bell = await screen.findByRole('button', { name: 'Messages, 3 unread' });
    await user.click(bell);

    const drawer = await screen.findByRole('dialog', { name: 'Messages' });
    expect(within(drawer).getByText('Invoice ready')).toBeTruthy();
    expect(within(drawer).getByText('Your May invoice is ready.')).toBeTruthy();
    expect(within(drawer).getByText('Important')).toBeTruthy();
    expect(within(drawer).getByText('Warning')).toBeTruthy();
    expect(within(drawer).getAllByText(formatDate(SENT_AT))).toHaveLength(2);
    // Two shown out of three: the drawer says the list is not everything.
    expect(within(drawer).getByText('Showing the latest 2 of 3 unread messages')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'View all messages' }));
    await waitFor(() => expect(app.location()).toBe('/account/messages'));
  });

  it('shows no count when nothing is unread', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/chat');

    expect(await screen.findByRole('button', { name: 'Messages' })).toBeTruthy();
  });
});

describe('top bar messages, live', () => {
  it('shows a new unread count announced on the user_basic stream without a reload', async () => {
    signIn();
    let served = false;
    const fetch = stubFetch({
      ...signedInRoutes(),
      // The first connection carries one message, later ones wait like an idle server.
      'GET /api/subscriber/msgs/user_basic': (request) => {
        if (served) return hangingResponse(request);
        served = true;
        const frame = `id: 12\ndata: ${JSON.stringify({ msgs_unread: infos.msgs_unread })}\n\nid: 12\ndata: END\n\n`;
        return new Response(frame, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    renderApp('/chat');

    expect(await screen.findByRole('button', { name: 'Messages, 3 unread' })).toBeTruthy();
    // It reconnected from the id it was given.
    await waitFor(() => expect(fetch.callsTo('GET /api/subscriber/msgs/user_basic')).toHaveLength(2));
    expect(fetch.callsTo('GET /api/subscriber/msgs/user_basic')[1]?.headers.get('Last-Event-ID')).toBe('12');
  });
});

describe('top bar messages, marking read', () => {
  it('opening an unread message in the drawer marks it read: its id is sent, it leaves the list and the count drops', async () => {
    signIn();
    const { routes } = inboxServer([
      inboxMessage('m1', { title: 'Invoice ready' }),
      inboxMessage('m2', { title: 'Credits low' }),
    ]);
    const fetch = stubFetch(routes);
    renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Messages, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Messages' });
    await user.click(within(drawer).getByText('Invoice ready'));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/messages/read')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/messages/read')[0]?.json()).toEqual({ ids: ['m1'] });
    expect(await screen.findByRole('button', { name: 'Messages, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByText('Invoice ready')).toBeNull());
    expect(within(drawer).getByText('Credits low')).toBeTruthy();
  });

  it('"Mark all read" in the drawer empties it and clears the count', async () => {
    signIn();
    const { routes } = inboxServer([inboxMessage('m1', { title: 'Invoice ready' })]);
    const fetch = stubFetch(routes);
    renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Messages, 1 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Messages' });
    await user.click(within(drawer).getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/messages/read-all')).toHaveLength(1));
    expect(await within(drawer).findByText('No unread messages')).toBeTruthy();
    expect(await screen.findByText('All messages marked read')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeTruthy();
  });
});
