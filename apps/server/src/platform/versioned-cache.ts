import type { ChangeFeed } from './change-feed';
import type { Db, Tx } from './db';
import { bumpVersion, readVersion, type VersionKey } from './versions';

/** Moves the cache's version inside the changing transaction (given to `change`'s callback). */
export type BumpVersion = (tx: Db | Tx) => Promise<void>;

export interface VersionedCacheOptions<T> {
  /** The counter that moves whenever the data changes (`bumpVersion` in the changing transaction). */
  key: VersionKey;
  /** Reads the data whole; called only when the version moved. */
  load: () => Promise<T>;
  /** What `current` is before the first load. */
  initial: T;
  /**
   * How often the version is read again without having heard of a change: the change feed tells
   * this instance at once, this is the safety net for a notification that never came.
   */
  checkMs?: number;
}

/**
 * Data loaded whole from the database (role grants, translations) and kept in memory until its
 * version counter moves, here or on another instance. The one implementation of that loop: a load
 * that began before a change can never mark itself fresh (the generation moves on every change).
 */
export class VersionedCache<T> {
  private data: T;
  private version = -1;
  private checkedAt = 0;
  private loading: Promise<void> | null = null;
  private generation = 0;
  private readonly checkMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: VersionedCacheOptions<T>,
    feed?: ChangeFeed,
  ) {
    this.data = options.initial;
    this.checkMs = options.checkMs ?? 5000;
    feed?.on((kind, id) => {
      if (kind === '*' || (kind === 'v' && id === options.key)) this.invalidate();
    });
  }

  /** The data as last loaded (stale at most `checkMs`); `fresh()` first when it must be current. */
  get current(): T {
    return this.data;
  }

  /** The version `current` belongs to (-1 before the first load). */
  get loadedVersion(): number {
    return this.version;
  }

  /** Loads when the version may have moved; answers the version the data belongs to. */
  async fresh(): Promise<number> {
    // Loops because a load that began before a change leaves the cache unfresh.
    while (this.version < 0 || Date.now() - this.checkedAt >= this.checkMs) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.version;
  }

  /**
   * A change of the cached data, in one call: `run` makes the writes in its transaction and calls
   * `bump(tx)` there, so the version moves with the data; once `run` has settled (committed or
   * rolled back) this instance drops its copy at once, and other instances hear of it through the
   * change feed. Dropping it before the commit would not do: a load in between reads the old
   * version and marks itself fresh.
   */
  async change<T>(run: (bump: BumpVersion) => Promise<T>): Promise<T> {
    try {
      return await run(async (tx) => {
        await bumpVersion(tx, this.options.key);
      });
    } finally {
      this.invalidate();
    }
  }

  /** Drop the cache at once (this instance changed the data, or heard that another did). */
  invalidate(): void {
    this.generation += 1;
    this.checkedAt = 0;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const version = await readVersion(this.db, this.options.key);
    if (version !== this.version) {
      this.data = await this.options.load();
      this.version = version;
    }
    if (generation === this.generation) this.checkedAt = Date.now();
  }
}
