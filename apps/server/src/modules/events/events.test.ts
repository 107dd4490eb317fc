import { STREAM_END } from '@app/contract/events/subscriber';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

interface Frame {
  id: string | undefined;
  data: string;
}

/** Opens a stream over real HTTP and reads frames until END (or the connection closes). */
async function readStream(
  base: string,
  path: string,
  headers: Record<string, string>,
  onOpen?: () => Promise<void>,
): Promise<{ status: number; frames: Frame[] }> {
  const response = await fetch(`${base}${path}`, { headers });
  if (response.status !== 200 || !response.body) return { status: response.status, frames: [] };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  let buffer = '';
  const opened = onOpen?.();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      frames.push({ id, data });
      end = buffer.indexOf('\n\n');
    }
  }
  await opened;
  return { status: 200, frames };
}

const payloads = (frames: Frame[]) =>
  frames.filter((f) => f.data !== STREAM_END).map((f) => JSON.parse(f.data));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event stream (GET /api/subscriber/msgs/{topic})', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('delivers a message to its user only, then ends with END carrying the last id', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const events = t.platform.events;
    const [adaStream, bobStream] = await Promise.all([
      readStream(base, '/api/subscriber/msgs/user_basic?timeout=1', ada.auth, async () => {
        await pause(200);
        await events.publish('user_basic', ada.userId, { msgs_unread: { total: 1, msgs: [] } });
      }),
      readStream(base, '/api/subscriber/msgs/user_basic?timeout=1', bob.auth),
    ]);
    expect(payloads(adaStream.frames)).toEqual([{ msgs_unread: { total: 1, msgs: [] } }]);
    expect(payloads(bobStream.frames)).toEqual([]);
    const last = adaStream.frames.at(-1);
    expect(last?.data).toBe(STREAM_END);
    // END repeats the id of the message before it, so a reconnect starts after it.
    expect(last?.id).toBe(adaStream.frames[0]?.id);
  });

  it('replays after Last-Event-ID what was published between two connections, in order', async () => {
    const ada = await signUpUser(t.app);
    const first = await readStream(base, '/api/subscriber/msgs/user_basic?timeout=0.3', ada.auth);
    const cursor = first.frames.at(-1)?.id;
    expect(first.frames.map((f) => f.data)).toEqual([STREAM_END]);
    expect(cursor).toMatch(/^\d+$/);

    // Published while the client is away.
    await t.platform.events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'n-1' } });
    await t.platform.events.publish('user_basic', null, { pop_up_msg_close: { id: 'n-2' } });

    const second = await readStream(base, '/api/subscriber/msgs/user_basic?timeout=0.3', {
      ...ada.auth,
      'last-event-id': cursor as string,
    });
    expect(payloads(second.frames)).toEqual([
      { pop_up_msg_close: { id: 'n-1' } },
      { pop_up_msg_close: { id: 'n-2' } },
    ]);

    // From the END's id on, nothing is replayed twice.
    const third = await readStream(base, '/api/subscriber/msgs/user_basic?timeout=0.3', {
      ...ada.auth,
      'last-event-id': second.frames.at(-1)?.id as string,
    });
    expect(payloads(third.frames)).toEqual([]);
  });

  it('announces nothing published in a transaction that rolled back', async () => {
    const ada = await signUpUser(t.app);
    const stream = await readStream(
      base,
      '/api/subscriber/msgs/user_basic?timeout=0.8',
      ada.auth,
      async () => {
        await pause(150);
        await t.platform.db
          .transaction(async (tx) => {
            await t.platform.events.publish(
              'user_basic',
              ada.userId,
              { pop_up_msg_close: { id: 'gone' } },
              tx,
            );
            throw new Error('roll back');
          })
          .catch(() => undefined);
        await t.platform.events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'kept' } });
      },
    );
    expect(payloads(stream.frames)).toEqual([{ pop_up_msg_close: { id: 'kept' } }]);
  });

  it('carries a payload too large for NOTIFY by its id', async () => {
    const ada = await signUpUser(t.app);
    const big = {
      msgs_unread: {
        total: 1,
        msgs: [{ id: 'm', level: 'other', title: 'x', body: 'y'.repeat(20_000), creation_time: 1 }],
      },
    };
    const stream = await readStream(base, '/api/subscriber/msgs/user_basic?timeout=1', ada.auth, async () => {
      await pause(150);
      await t.platform.events.publish('user_basic', ada.userId, big);
    });
    expect(payloads(stream.frames)).toEqual([big]);
  });

  it('shows editing presence of an admin page only to users who may open that page', async () => {
    const admin = await signInAdmin(t.app);
    const user = await signUpUser(t.app);
    const presence = {
      route: '/admin/user/details',
      key: 'u-1',
      editing: [{ user_id: 'x', username: 'Root', avatar_url: null }],
    };
    const publish = async () => {
      await pause(200);
      await t.platform.events.publish('adm_data_editing', null, presence);
    };
    const [adminStream, userStream] = await Promise.all([
      readStream(base, '/api/subscriber/msgs/adm_data_editing?timeout=1', admin.auth, publish),
      readStream(base, '/api/subscriber/msgs/adm_data_editing?timeout=1', user.auth),
    ]);
    expect(payloads(adminStream.frames)).toEqual([presence]);
    expect(payloads(userStream.frames)).toEqual([]);
  });

  it('refuses an unknown topic, a bad timeout and a missing token', async () => {
    const ada = await signUpUser(t.app);
    const unknown = await t.app.inject({ url: '/api/subscriber/msgs/everything', headers: ada.auth });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('topic');
    const badTimeout = await t.app.inject({
      url: '/api/subscriber/msgs/user_basic?timeout=0',
      headers: ada.auth,
    });
    expect(badTimeout.statusCode).toBe(400);
    expect(badTimeout.json().fields).toHaveProperty('timeout');
    const anonymous = await t.app.inject({ url: '/api/subscriber/msgs/user_basic' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error_code).toBe('BEARER_TOKEN_ERROR');
  });
});
