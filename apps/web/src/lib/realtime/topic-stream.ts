import { buildPath } from '@app/contract/define-endpoint';
import {
  STREAM_END,
  type StreamTopic,
  subscribeAdminEditing,
  subscribeMessages,
} from '@app/contract/events/subscriber';
import { requestHeaders } from '../api/request-headers';
import { SseFrameReader } from './sse-frames';

export interface TopicStreamOptions {
  topic: StreamTopic;
  /** Seconds of silence after which the server ends the stream (spec section 9). */
  timeout: number;
  onMessage: (payload: unknown) => void;
  /** Aborting stops the stream for good. */
  signal: AbortSignal;
  /** The stream was refused for the session (signed out): nothing more is tried. */
  onSignedOut?: () => void;
  /** Injected by tests; the browser's fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** Backoff steps in ms after failures; the last repeats. */
  backoffMs?: readonly number[];
}

const DEFAULT_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function whileHidden(signal: AbortSignal): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (document.visibilityState === 'hidden' && !signal.aborted) return;
      document.removeEventListener('visibilitychange', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    document.addEventListener('visibilitychange', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * A topic's stream URL, from its contract endpoint: the user's own topic through the `{topic}`
 * path, the admin topic at its fixed path (each with its own permission).
 */
export function topicStreamUrl(topic: StreamTopic, timeout: number): string {
  const path =
    topic === 'adm_data_editing'
      ? buildPath(subscribeAdminEditing.path)
      : buildPath(subscribeMessages.path, { topic });
  return `${path}?${new URLSearchParams({ timeout: String(timeout) })}`;
}

/**
 * Holds `GET /api/subscriber/msgs/{topic}` open for as long as `signal` lives (ARCHITECTURE
 * section 5): each `data:` frame is a JSON message; `END` closes an idle stream and the client
 * reconnects at once with `Last-Event-ID`, so the server replays whatever was published in
 * between. Failures reconnect with backoff. Uses fetch, not EventSource: the bearer token goes in
 * a header, never in the URL.
 */
export async function runTopicStream(options: TopicStreamOptions): Promise<void> {
  const { topic, timeout, onMessage, signal } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  let lastEventId: string | undefined;
  let failures = 0;

  while (!signal.aborted) {
    // A hidden tab holds no stream; on return it reconnects from its cursor and is replayed.
    await whileHidden(signal);
    if (signal.aborted) return;
    try {
      const headers: Record<string, string> = { ...requestHeaders(), Accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      const response = await fetchImpl(topicStreamUrl(topic, timeout), { headers, signal });
      if (response.status === 401) {
        options.onSignedOut?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const frames = new SseFrameReader();
      let ended = false;
      while (!ended) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of frames.push(decoder.decode(value, { stream: true }))) {
          if (frame.id !== undefined) lastEventId = frame.id;
          if (frame.data === STREAM_END) {
            ended = true;
            break;
          }
          failures = 0;
          try {
            onMessage(JSON.parse(frame.data));
          } catch {
            // A frame this client cannot read is skipped; the cursor has still moved past it.
          }
        }
      }
      // END: healthy, reconnect at once. Closed without END (a proxy, a restart): back off.
      if (!ended) throw new Error('stream closed without END');
      failures = 0;
      await reader.cancel().catch(() => undefined);
    } catch {
      if (signal.aborted) return;
      const delay = backoff[Math.min(failures, backoff.length - 1)] ?? 30_000;
      failures += 1;
      await wait(delay, signal);
    }
  }
}
