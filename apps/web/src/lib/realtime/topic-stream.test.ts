import { subscribeAdminEditing, subscribeMessages } from '@app/contract/events/subscriber';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTopicStream, topicStreamUrl } from './topic-stream';

/** A response whose body is the given SSE text. */
function sse(text: string, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

type Answer = Response | Error;

/** A fetch that answers in turn, records the headers it was sent, and aborts after the last. */
function scriptedFetch(answers: Answer[], controller: AbortController) {
  const sent: Record<string, string>[] = [];
  const impl = vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push({ ...(init?.headers as Record<string, string>) });
    const next = answers.shift();
    if (answers.length === 0) queueMicrotask(() => controller.abort());
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return { impl: impl as unknown as typeof fetch, sent, calls: impl.mock.calls };
}

afterEach(() => vi.useRealTimers());

describe('runTopicStream', () => {
  it("opens each topic at its contract endpoint's path, with the idle timeout as the query", () => {
    expect(subscribeMessages.path).toBe('/api/subscriber/msgs/{topic}');
    expect(topicStreamUrl('user_basic', 0.5)).toBe('/api/subscriber/msgs/user_basic?timeout=0.5');
    // The admin topic has its own fixed-path endpoint (and permission), not the `{topic}` one.
    expect(topicStreamUrl('adm_data_editing', 1)).toBe(`${subscribeAdminEditing.path}?timeout=1`);
    expect(subscribeAdminEditing.path).toBe('/api/subscriber/msgs/adm_data_editing');
  });

  it('passes each JSON frame on and reconnects after END with the END id as Last-Event-ID', async () => {
    const controller = new AbortController();
    const got: unknown[] = [];
    const fetch = scriptedFetch(
      [
        sse('id: 4\ndata: {"n":1}\n\nid: 4\ndata: END\n\n'),
        sse('id: 9\ndata: END\n\n'),
        sse('id: 9\ndata: END\n\n'),
      ],
      controller,
    );
    await runTopicStream({
      topic: 'user_basic',
      timeout: 0.5,
      onMessage: (payload) => got.push(payload),
      signal: controller.signal,
      fetchImpl: fetch.impl,
    });
    expect(got).toEqual([{ n: 1 }]);
    expect(fetch.calls[0]?.[0]).toBe('/api/subscriber/msgs/user_basic?timeout=0.5');
    expect(fetch.sent[0]?.['Last-Event-ID']).toBeUndefined();
    expect(fetch.sent[1]?.['Last-Event-ID']).toBe('4');
    expect(fetch.sent[2]?.['Last-Event-ID']).toBe('9');
  });

  it('backs off after a failure and keeps its cursor', async () => {
    const controller = new AbortController();
    const fetch = scriptedFetch(
      [sse('id: 3\ndata: END\n\n'), new TypeError('network down'), sse('', 502), sse('id: 3\ndata: END\n\n')],
      controller,
    );
    const started = Date.now();
    await runTopicStream({
      topic: 'user_basic',
      timeout: 0.5,
      onMessage: () => undefined,
      signal: controller.signal,
      fetchImpl: fetch.impl,
      backoffMs: [40, 80],
    });
    // Two failures: 40 ms then 80 ms before trying again.
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(fetch.sent.map((headers) => headers['Last-Event-ID'])).toEqual([undefined, '3', '3', '3']);
  });

  it('stops for good when the session is refused', async () => {
    const controller = new AbortController();
    const onSignedOut = vi.fn();
    const fetch = scriptedFetch([sse('', 401), sse('id: 1\ndata: END\n\n')], controller);
    await runTopicStream({
      topic: 'user_basic',
      timeout: 0.5,
      onMessage: () => undefined,
      signal: controller.signal,
      fetchImpl: fetch.impl,
      onSignedOut,
    });
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect(fetch.calls).toHaveLength(1);
  });
});
