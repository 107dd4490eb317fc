import { STREAM_END } from '@app/contract/events/subscriber';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamStarted } from '../../platform/endpoint';
import type { BusMessage, EventBus } from '../../platform/event-bus';

export interface EventStreamOptions {
  bus: EventBus;
  topic: string;
  userId: string;
  /** The client's `Last-Event-ID`: replay what came after it. Absent: start from now. */
  lastEventId: number | undefined;
  /** Seconds without a message after which END is sent and the stream closes. */
  timeoutSeconds: number;
  /** Whether this user may see `message` (default: yes). */
  allows?: (message: BusMessage) => Promise<boolean> | boolean;
}

/** `Last-Event-ID` as a message id; anything else counts as absent. */
export function parseLastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Serves one stream (ARCHITECTURE section 5): subscribe first and hold live messages back, replay
 * what is stored after the client's last id, then let live messages through, skipping any id
 * already sent. Every frame carries its id, and so does END, so the client reconnects from the
 * right place even when it received nothing.
 */
export async function serveEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<StreamStarted> {
  const { bus, topic, userId, timeoutSeconds, allows = () => true } = options;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass frames through as they come.
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  // Headers go out now, not with the first frame: the client knows at once the stream is open.
  res.flushHeaders();

  let closed = false;
  let lastSent = options.lastEventId ?? 0;
  let idle: NodeJS.Timeout | undefined;
  let held: BusMessage[] | undefined = [];
  // Sends run one after another: permission checks are async and order must hold.
  let sending: Promise<void> = Promise.resolve();

  const close = (): void => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    unsubscribe();
    res.end();
  };

  const armIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      sending = sending.then(() => {
        if (closed) return;
        res.write(`id: ${lastSent}\ndata: ${STREAM_END}\n\n`);
        close();
      });
    }, timeoutSeconds * 1000);
  };

  const send = async (message: BusMessage): Promise<void> => {
    if (closed || message.id <= lastSent) return;
    if (!(await allows(message))) {
      // Not for this user, but the cursor still moves past it.
      lastSent = message.id;
      return;
    }
    if (closed) return;
    lastSent = message.id;
    res.write(`id: ${message.id}\ndata: ${JSON.stringify(message.payload)}\n\n`);
    armIdle();
  };

  const unsubscribe = bus.subscribe(topic, userId, (message) => {
    if (held) held.push(message);
    else sending = sending.then(() => send(message));
  });
  request.raw.on('close', close);
  res.on('error', close);

  try {
    // Subscribed above, so every message after the bus's head reaches this stream live. A client
    // whose cursor is at the head (an idle tab reconnecting every half second) costs no database
    // read; only one that missed something, or an instance not listening, reads the store.
    if (bus.live) {
      if (options.lastEventId === undefined) lastSent = bus.head;
      if (lastSent < bus.head)
        for (const message of await bus.after(topic, userId, lastSent)) await send(message);
    } else {
      if (options.lastEventId === undefined) lastSent = await bus.latestId();
      for (const message of await bus.after(topic, userId, lastSent)) await send(message);
    }
    const live = held;
    held = undefined;
    for (const message of live) await send(message);
  } catch {
    // The store could not be read: END at once with the client's own cursor, so it retries
    // from where it was instead of skipping ahead.
    res.write(`id: ${lastSent}\ndata: ${STREAM_END}\n\n`);
    close();
    return STARTED;
  }
  armIdle();
  return STARTED;
}

const STARTED: StreamStarted = { stream: true };
