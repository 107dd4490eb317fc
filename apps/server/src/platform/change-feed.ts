import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Unlisten } from './db';

/**
 * The channel the database announces its own changes on (migration 0008: triggers on users,
 * sessions, team memberships, teams, inbox messages and the version counters; migration 0017:
 * a team's plan, credits and storage). Payloads: `u:<user id>`, `t:<team id>`, `q:<team id>` (the
 * team's quota figures; `q:*` for every team, a plan changed), `v:<version key>`, `a:<store key>` (an analytics store published a new version, issue 29), `*` (too much
 * to name: drop everything), and `sync:<instance>:<n>`, the barriers one instance sends itself.
 */
export const CHANGE_CHANNEL = 'db_changes';

export type ChangeKind = 'u' | 't' | 'q' | 'v' | 'a' | '*';
export type ChangeListener = (kind: ChangeKind, id: string) => void;

/**
 * What every in-memory cache of this instance listens to, so none can miss a change whatever code
 * (or instance) made it. A lost LISTEN connection is reported as `*`: whatever was kept may be
 * stale. `settle()` makes this instance's own writes visible to its caches before it answers.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: Unlisten | undefined;
  private barrier = 0;
  private readonly barriers = new Map<number, () => void>();
  /** Tells this instance's barriers from another's on the shared channel. */
  private readonly instanceId = randomUUID();
  listening = false;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(
      CHANGE_CHANNEL,
      (payload) => this.onNotify(payload),
      () => this.emit('*', ''),
    );
    this.listening = true;
  }

  async close(): Promise<void> {
    this.listening = false;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.emit('*', '');
    for (const release of this.barriers.values()) release();
    this.barriers.clear();
    await unlisten?.().catch(() => undefined);
  }

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once every change committed before this call has been heard here: the database
   * delivers notifications in commit order, so a barrier of our own coming back means the ones
   * before it have arrived. Not heard in time (the connection is down): everything is dropped.
   */
  async settle(timeoutMs = 2000): Promise<void> {
    if (!this.listening) return;
    this.barrier += 1;
    const id = this.barrier;
    const heard = new Promise<'heard'>((resolve) => this.barriers.set(id, () => resolve('heard')));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    try {
      await this.database.db.execute(
        sql`select pg_notify(${CHANGE_CHANNEL}, ${`sync:${this.instanceId}:${id}`})`,
      );
      if ((await Promise.race([heard, late])) === 'late') this.emit('*', '');
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  private onNotify(payload: string): void {
    const colon = payload.indexOf(':');
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const rest = colon < 0 ? '' : payload.slice(colon + 1);
    if (kind === 'sync') {
      const [instance, n] = rest.split(':');
      if (instance === this.instanceId) this.barriers.get(Number(n))?.();
      return;
    }
    if (kind === 'u' || kind === 't' || kind === 'q' || kind === 'v' || kind === 'a' || kind === '*')
      this.emit(kind, rest);
  }

  private emit(kind: ChangeKind, id: string): void {
    for (const listener of this.listeners) listener(kind, id);
  }
}
