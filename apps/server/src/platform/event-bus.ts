import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { streamMessages } from '../db/schema';
import type { Database, Db, Tx, Unlisten } from './db';

/** One message as subscribers receive it. */
export interface BusMessage {
  id: number;
  topic: string;
  /** The one user it is for; null: every subscriber of the topic. */
  userId: string | null;
  payload: unknown;
}

export type BusListener = (message: BusMessage) => void;

const CHANNEL = 'app_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger messages travel by id. */
const MAX_INLINE_PAYLOAD = 7000;
/** Any constant: the transaction lock that makes ids grow in commit order. */
const PUBLISH_LOCK = 704_231;
/** Catch-up after a lost LISTEN connection reads at most this many rows per page. */
const CATCH_UP_PAGE = 500;

interface Notification {
  id: number;
  topic: string;
  user_id: string | null;
  payload?: unknown;
}

function toBusMessage(row: typeof streamMessages.$inferSelect): BusMessage {
  return { id: row.id, topic: row.topic, userId: row.userId, payload: row.payload };
}

/**
 * Publish and subscribe across server instances on PostgreSQL LISTEN/NOTIFY (PGlite's in the
 * embedded default). Every message is stored first, then announced; subscribers on every
 * instance get it once the publishing transaction commits. Stored messages let a reconnecting
 * client be replayed what it missed (`after`), and let this instance catch up when its own
 * LISTEN connection was lost.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private unlisten: Unlisten | undefined;
  /** The highest id dispatched here: where a catch-up after a lost connection starts. */
  private lastDispatched = 0;
  private catchingUp: Promise<void> | undefined;
  /** Notifications are handled one after another so messages are dispatched in id order. */
  private queue: Promise<void> = Promise.resolve();
  /** Reads of stored messages made for streams (replays and starting points): tests count them. */
  storeReads = 0;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.lastDispatched = await this.latestId();
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.enqueue(payload),
      () => void this.catchUp(),
    );
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.listeners.clear();
    // Shutdown may reach here after the database is gone: nothing left to stop listening to.
    await unlisten?.().catch(() => undefined);
  }

  /**
   * Stores and announces a message. Pass the caller's transaction to publish together with the
   * change it describes: nobody hears of a change that was rolled back.
   */
  async publish(topic: string, userId: string | null, payload: unknown, tx?: Tx): Promise<number> {
    if (!tx) return this.database.db.transaction((own) => this.publish(topic, userId, payload, own));
    // Held to commit: ids are handed out in commit order, so "after id N" misses nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
    const [row] = await tx
      .insert(streamMessages)
      .values({ topic, userId, payload: payload as object })
      .returning({ id: streamMessages.id });
    if (!row) throw new Error('stream message was not stored');
    const note: Notification = { id: row.id, topic, user_id: userId, payload };
    let text = JSON.stringify(note);
    if (Buffer.byteLength(text) > MAX_INLINE_PAYLOAD)
      text = JSON.stringify({ id: row.id, topic, user_id: userId });
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${text})`);
    return row.id;
  }

  /** Calls `listener` with every message for `userId` (and every broadcast) on `topic`. */
  subscribe(topic: string, userId: string, listener: BusListener): () => void {
    const keys = [`${topic}\u0000${userId}`, `${topic}\u0000*`];
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) {
        set = new Set();
        this.listeners.set(key, set);
      }
      set.add(listener);
    }
    return () => {
      for (const key of keys) {
        const set = this.listeners.get(key);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(key);
      }
    };
  }

  /**
   * The newest id this instance has dispatched. Messages arrive in id order, so a subscriber
   * registered now hears every message after it: a stream whose cursor is at (or past) the head
   * has nothing stored to replay, and needs no database read to know it.
   */
  get head(): number {
    return this.lastDispatched;
  }

  /** Whether this instance is listening, so that `head` moves as messages are published. */
  get live(): boolean {
    return this.unlisten !== undefined && this.catchingUp === undefined;
  }

  /** Stored messages for `userId` on `topic` after `afterId`, oldest first (a replay). */
  async after(topic: string, userId: string, afterId: number, limit = 1000): Promise<BusMessage[]> {
    this.storeReads += 1;
    const rows = await this.database.db
      .select()
      .from(streamMessages)
      .where(
        and(
          eq(streamMessages.topic, topic),
          gt(streamMessages.id, afterId),
          or(eq(streamMessages.userId, userId), isNull(streamMessages.userId)),
        ),
      )
      .orderBy(asc(streamMessages.id))
      .limit(limit);
    return rows.map(toBusMessage);
  }

  /** The newest stored id (0 when none): a new stream's starting point. */
  async latestId(db: Db = this.database.db): Promise<number> {
    this.storeReads += 1;
    const [row] = await db
      .select({ id: streamMessages.id })
      .from(streamMessages)
      .orderBy(desc(streamMessages.id))
      .limit(1);
    return row?.id ?? 0;
  }

  /** Drops messages older than `olderThanSeconds`; answers how many went. */
  async purge(olderThanSeconds: number): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanSeconds * 1000);
    const gone = await this.database.db
      .delete(streamMessages)
      .where(lt(streamMessages.createdAt, cutoff))
      .returning({ id: streamMessages.id });
    return gone.length;
  }

  /** How many listeners are registered (for the benchmark and tests). */
  listenerCount(): number {
    let count = 0;
    for (const [key, set] of this.listeners) if (key.endsWith('\u0000*')) count += set.size;
    return count;
  }

  private enqueue(text: string): void {
    // A failed read (database briefly away) skips nothing for good: the next gap check or the
    // reconnect's catch-up reads the store again.
    this.queue = this.queue.then(() => this.onNotify(text)).catch(() => undefined);
  }

  private async onNotify(text: string): Promise<void> {
    let note: Notification;
    try {
      note = JSON.parse(text) as Notification;
    } catch {
      return;
    }
    if (this.catchingUp) await this.catchingUp;
    if (note.id <= this.lastDispatched) return;
    if (note.id > this.lastDispatched + 1) {
      // A gap: a message whose announcement has not reached us (or was lost). Read the store.
      await this.catchUp();
      if (note.id <= this.lastDispatched) return;
    }
    if (!('payload' in note)) {
      const [row] = await this.database.db
        .select()
        .from(streamMessages)
        .where(eq(streamMessages.id, note.id));
      if (!row) return;
      this.dispatch(toBusMessage(row));
      return;
    }
    this.dispatch({ id: note.id, topic: note.topic, userId: note.user_id, payload: note.payload });
  }

  /** Dispatches, in order, every stored message after the last one dispatched here. */
  private catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        for (;;) {
          const rows = await this.database.db
            .select()
            .from(streamMessages)
            .where(gt(streamMessages.id, this.lastDispatched))
            .orderBy(asc(streamMessages.id))
            .limit(CATCH_UP_PAGE);
          for (const row of rows) this.dispatch(toBusMessage(row));
          if (rows.length < CATCH_UP_PAGE) break;
        }
      } finally {
        this.catchingUp = undefined;
      }
    })();
    return this.catchingUp;
  }

  private dispatch(message: BusMessage): void {
    if (message.id <= this.lastDispatched) return;
    this.lastDispatched = message.id;
    const key = `${message.topic}\u0000${message.userId ?? '*'}`;
    for (const listener of this.listeners.get(key) ?? []) {
      try {
        listener(message);
      } catch {
        // One broken subscriber (a closed socket) must not stop delivery to the others.
      }
    }
  }
}
