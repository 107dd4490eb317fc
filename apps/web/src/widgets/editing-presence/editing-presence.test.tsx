import type { Editor } from '@app/contract/events/subscriber';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { hangingResponse } from '../../lib/testing/mock-fetch';
import { EditingPresence } from './editing-presence';

const ROUTE = '/admin/user/details';
const REGISTER = 'POST /api/admin/editing/register';
const STREAM = 'GET /api/subscriber/msgs/adm_data_editing';

/** basicInfosFixture's user: the current user, never shown as "also editing". */
const SELF: Editor = { user_id: 'user-1', username: 'Ada', avatar_url: null };

function editor(name: string): Editor {
  return { user_id: `id-${name}`, username: name, avatar_url: null };
}

const SEVEN = ['Bea', 'Cal', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'].map(editor);

function sse(...events: unknown[]): Response {
  const frames = events.map((event, index) => `id: ${index + 1}\ndata: ${JSON.stringify(event)}\n\n`);
  return new Response(`${frames.join('')}id: ${events.length}\ndata: END\n\n`, {
    headers: { 'content-type': 'text/event-stream' },
  });
}

/** The register answers the current user alone; the stream sends `events` once, then idles. */
function server(events: unknown[] = [], extra: StubRoutes = {}) {
  let served = false;
  return stubFetch({
    ...signedInRoutes(),
    [REGISTER]: (request) => {
      const { route, key } = request.json() as { route: string; key: string };
      return { body: { route, key, editing: [SELF] } };
    },
    [STREAM]: (request) => {
      if (served || events.length === 0) return hangingResponse(request);
      served = true;
      return sse(...events);
    },
    ...extra,
  });
}

function renderPresence(recordKey = 'u-2', heartbeatMs?: number) {
  return renderApp('/page', [
    {
      path: '/page',
      element: <EditingPresence route={ROUTE} recordKey={recordKey} heartbeatMs={heartbeatMs} />,
    },
  ]);
}

/**
 * waitFor polls with setInterval, which the heartbeat test fakes: this one waits on real
 * timeouts instead.
 */
async function eventually(check: () => void, tries = 400): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
    }
  }
}

const bodies = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.callsTo(REGISTER).map((request) => request.json());

afterEach(() => vi.useRealTimers());

describe('editing presence', () => {
  it('enters with the route and key, beats every 15 s and leaves (keepalive) when the page goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signIn();
    const fetch = server();
    const view = renderPresence();

    await eventually(() => expect(bodies(fetch)).toEqual([{ route: ROUTE, key: 'u-2', opt: 'enter' }]));
    await act(async () => vi.advanceTimersByTime(14_999));
    expect(bodies(fetch)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    await eventually(() =>
      expect(bodies(fetch).at(-1)).toEqual({ route: ROUTE, key: 'u-2', opt: 'heartbeat' }),
    );
    await act(async () => vi.advanceTimersByTime(15_000));
    await eventually(() => expect(bodies(fetch)).toHaveLength(3));

    view.unmount();

    await eventually(() => expect(bodies(fetch).at(-1)).toEqual({ route: ROUTE, key: 'u-2', opt: 'leave' }));
    const leave = (globalThis.fetch as Mock).mock.calls.find(
      ([, init]) => typeof init?.body === 'string' && init.body.includes('"leave"'),
    );
    expect(leave?.[1]?.keepalive).toBe(true);
    // No more heartbeats once gone.
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(bodies(fetch)).toHaveLength(4);
    // The stream was held with the editing timeout and is closed.
    const stream = fetch.callsTo(STREAM)[0];
    expect(stream?.url).toBe('/api/subscriber/msgs/adm_data_editing?timeout=1');
    expect(stream?.signal?.aborted).toBe(true);
  });

  it('leaves when the tab is closed (pagehide), once', async () => {
    signIn();
    const fetch = server();
    const view = renderPresence();
    await waitFor(() => expect(bodies(fetch)).toHaveLength(1));

    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(bodies(fetch).at(-1)).toEqual({ route: ROUTE, key: 'u-2', opt: 'leave' }));
    view.unmount();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies(fetch).filter((body) => (body as { opt: string }).opt === 'leave')).toHaveLength(1);
  });

  it('shows the other editors of this record from the stream, 5 avatars collapsed, never the current user', async () => {
    signIn();
    server([
      // Another record, and another page: not ours.
      { route: ROUTE, key: 'u-9', editing: [SELF, editor('Zed')] },
      { route: '/admin/user/roles', key: 'u-2', editing: [SELF, editor('Yan')] },
      { route: ROUTE, key: 'u-2', editing: [SELF, ...SEVEN] },
    ]);
    renderPresence();
    const user = userEvent.setup();

    expect(await screen.findByText('Also editing: 7', {}, { timeout: 30_000 })).toBeTruthy();
    for (const initial of ['B', 'C', 'D', 'E', 'F']) expect(screen.getByText(initial)).toBeTruthy();
    expect(screen.getByText('+2')).toBeTruthy();
    // Ada is the current user; Zed and Yan edit something else.
    expect(screen.queryByText('A')).toBeNull();
    expect(screen.queryByText('Z')).toBeNull();
    expect(screen.queryByText('Y')).toBeNull();

    await user.hover(screen.getByText('B'));
    expect(await screen.findByText('Bea is also editing')).toBeTruthy();
  });

  it('opens up to 10 avatars behind "+N" and counts everyone', async () => {
    signIn();
    const twelve = 'BCDEFGHIJKLM'.split('').map((letter) => editor(`${letter}name`));
    server([{ route: ROUTE, key: 'u-2', editing: [SELF, ...twelve] }]);
    renderPresence();
    const user = userEvent.setup();

    expect(await screen.findByText('Also editing: 12', {}, { timeout: 30_000 })).toBeTruthy();
    await user.click(screen.getByText('+5'));

    // The expanded list holds the 6th to the 10th; the 11th and 12th are only counted.
    expect(await screen.findByText('K')).toBeTruthy();
    expect(screen.getByText('G')).toBeTruthy();
    expect(screen.queryByText('L')).toBeNull();
    expect(screen.queryByText('M')).toBeNull();
  });

  it('shows nothing while the current user is alone: another editor appears, then goes when they leave', async () => {
    signIn();
    let release: () => void = () => undefined;
    const left = new Promise<void>((resolve) => {
      release = resolve;
    });
    let connections = 0;
    server([], {
      // First connection: Bea arrives. Second: once the test says so, Bea leaves. Then idle.
      [STREAM]: async (request) => {
        connections += 1;
        if (connections === 1) return sse({ route: ROUTE, key: 'u-2', editing: [SELF, editor('Bea')] });
        if (connections === 2) {
          await left;
          return sse({ route: ROUTE, key: 'u-2', editing: [SELF] });
        }
        return hangingResponse(request);
      },
    });
    renderPresence();

    expect(await screen.findByText('Also editing: 1', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('B')).toBeTruthy();
    release();

    await waitFor(() => expect(screen.queryByText(/Also editing/)).toBeNull());
    expect(screen.queryByText('B')).toBeNull();
    expect(screen.queryByText('A')).toBeNull();
  });
});
