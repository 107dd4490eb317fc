import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inboxMessage, inboxServer, notice, SENT_AT } from '../../app/testing/messages-test-server';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { formatDate } from '../../lib/format';
import { hangingResponse } from '../../lib/testing/mock-fetch';

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

function listQueries(fetch: ReturnType<typeof stubFetch>) {
  return fetch
    .callsTo('GET /api/account/messages')
    .map((request) => new URL(request.url, 'http://localhost').searchParams);
}

/** The top bar's bell, named by its unread count. */
function bell(name: string) {
  return screen.findByRole('button', { name });
}

describe('/account/messages', () => {
  it('lists the messages with level, time and unread state; opening one marks it read and the top bar count drops', async () => {
    signIn();
    const { routes } = inboxServer([
      inboxMessage('m1', { title: 'Invoice ready', body: 'Your May invoice is ready.', level: 'important' }),
      inboxMessage('m2', { title: 'Credits low', level: 'warning' }),
      inboxMessage('m3', { title: 'Welcome', read: true }),
    ]);
    const fetch = stubFetch(routes);
    renderApp('/account/messages');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('Invoice ready', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Your May invoice is ready.')).toBeTruthy();
    expect(screen.getByText('Important')).toBeTruthy();
    expect(screen.getAllByText(formatDate(SENT_AT))).toHaveLength(3);
    // Two unread (a dot each), the read one without.
    expect(screen.getAllByRole('img', { name: 'Unread message' })).toHaveLength(2);
    expect(await bell('Messages, 2 unread')).toBeTruthy();

    await user.click(screen.getByText('Invoice ready'));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/messages/read')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/messages/read')[0]?.json()).toEqual({ ids: ['m1'] });
    expect(await bell('Messages, 1 unread')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Unread message' })).toHaveLength(1));
  });

  it('opening a message with a link marks it read and goes there', async () => {
    signIn();
    const { routes } = inboxServer([
      inboxMessage('m1', { title: 'Your invoice', link: '/account/security' }),
    ]);
    const fetch = stubFetch(routes);
    const app = renderApp('/account/messages');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByText('Your invoice', {}, FIRST_LOAD));

    await waitFor(() => expect(app.location()).toBe('/account/security'));
    await waitFor(() => expect(fetch.callsTo('POST /api/account/messages/read')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/messages/read')[0]?.json()).toEqual({ ids: ['m1'] });
  });

  it('marks every message read at once: nothing unread is left and the top bar shows no count', async () => {
    signIn();
    const { routes } = inboxServer([inboxMessage('m1'), inboxMessage('m2')]);
    const fetch = stubFetch(routes);
    renderApp('/account/messages');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('Title m1', {}, FIRST_LOAD)).toBeTruthy();
    expect(await bell('Messages, 2 unread')).toBeTruthy();
    await user.click(screen.getByText('Mark all read'));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/messages/read-all')).toHaveLength(1));
    expect(await screen.findByText('All messages marked read')).toBeTruthy();
    expect(await bell('Messages')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('img', { name: 'Unread message' })).toHaveLength(0));
    // Nothing left to mark.
    expect(screen.getByText('Mark all read').closest('button')?.hasAttribute('disabled')).toBe(true);
  });

  it('"Unread" asks the server for read = false only, and says so when there is none', async () => {
    signIn();
    const { routes } = inboxServer([inboxMessage('m1', { title: 'Old news', read: true })]);
    const fetch = stubFetch(routes);
    const app = renderApp('/account/messages');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('Old news', {}, FIRST_LOAD)).toBeTruthy();
    expect(listQueries(fetch)[0]?.get('filters')).toBeNull();

    await user.click(screen.getByText('Unread'));

    await waitFor(() => expect(listQueries(fetch).at(-1)?.get('filters')).not.toBeNull());
    expect(JSON.parse(listQueries(fetch).at(-1)?.get('filters') ?? '')).toEqual([
      { connect_pre_filter: 'and', field: 'read', operator: 'eq', value: false },
    ]);
    expect(await screen.findByText('No unread messages')).toBeTruthy();
    expect(screen.queryByText('Old news')).toBeNull();
    // The choice is in the URL: a reload or a shared link keeps it.
    expect(new URL(app.location(), 'http://localhost').searchParams.get('f')).toContain('"read"');
  });

  it('refreshes the list when a new message arrives on the user stream', async () => {
    signIn();
    const { routes, store } = inboxServer([inboxMessage('m1', { title: 'First' })]);
    let announce: () => void = () => undefined;
    const announced = new Promise<void>((resolve) => {
      announce = resolve;
    });
    let served = false;
    const fetch = stubFetch({
      ...routes,
      // The first connection waits for the test, then announces a second unread message.
      'GET /api/subscriber/msgs/user_basic': async (request) => {
        if (served) return hangingResponse(request);
        served = true;
        await announced;
        const event = { msgs_unread: { total: 2, msgs: [] } };
        return new Response(`id: 5\ndata: ${JSON.stringify(event)}\n\nid: 5\ndata: END\n\n`, {
          headers: { 'content-type': 'text/event-stream' },
        });
      },
    });
    renderApp('/account/messages');

    expect(await screen.findByText('First', {}, FIRST_LOAD)).toBeTruthy();
    const before = fetch.callsTo('GET /api/account/messages').length;
    store.unshift(inboxMessage('m2', { title: 'Second, just sent' }));
    announce();

    expect(await screen.findByText('Second, just sent')).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/messages').length).toBeGreaterThan(before);
    expect(await bell('Messages, 2 unread')).toBeTruthy();
  });

  it('shows the notices in force on the Notices tab', async () => {
    signIn();
    const { routes } = inboxServer(
      [],
      [
        notice('n1', { title: 'Maintenance on Sunday', body: 'From 2 to 4 am.', end_time: SENT_AT + 3600 }),
        notice('n2', { title: 'New reports', level: 'special' }),
      ],
    );
    stubFetch(routes);
    const app = renderApp('/account/messages');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(
      await screen.findByText(
        'No messages yet. News from the team and the service will appear here.',
        {},
        FIRST_LOAD,
      ),
    ).toBeTruthy();
    await user.click(screen.getByText('Notices'));

    expect(await screen.findByText('Maintenance on Sunday')).toBeTruthy();
    expect(screen.getByText('From 2 to 4 am.')).toBeTruthy();
    expect(screen.getByText(`From ${formatDate(SENT_AT)} to ${formatDate(SENT_AT + 3600)}`)).toBeTruthy();
    const second = screen.getByText('New reports').closest('.ant-card');
    expect(second && within(second as HTMLElement).getByText('Special')).toBeTruthy();
    expect(within(second as HTMLElement).getByText(`Since ${formatDate(SENT_AT)}`)).toBeTruthy();
    expect(app.location()).toBe('/account/messages?tab=notices');
  });
});
