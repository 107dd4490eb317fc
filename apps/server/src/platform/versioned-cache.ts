import { approximateBytes, registryOf, shapeOf } from './cache-registry';
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
  /** Its name on the admin's data-cache page (default `version:<key>`). */
  name?: string;
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
  private hits = 0;
  private misses = 0;
  private loadedAt = 0;

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
    this.joinRegistry(feed);
  }

  /** Listed on the data-cache page: one entry (the data as loaded), shown by its shape only. */
  private joinRegistry(feed: ChangeFeed | undefined): void {
    const name = this.options.name ?? `version:${this.options.key}`;
    const loaded = () => this.version >= 0;
    const key = () => ({
      id: String(this.options.key),
      label: `${this.options.key} v${this.version}`,
      age_seconds: Math.round((Date.now() - this.loadedAt) / 1000),
      expires_in_seconds: null,
      bytes: approximateBytes(this.data),
    });
    registryOf(feed)?.register({
      name,
      backend: 'memory',
      stats: () => ({
        entries: loaded() ? 1 : 0,
        hits: this.hits,
        misses: this.misses,
        bytes: loaded() ? approximateBytes(this.data) : 0,
        ttl_seconds: null,
      }),
      keys: () => (loaded() ? [key()] : []),
      inspect: (id) =>
        loaded() && id === String(this.options.key)
          ? { version: this.version, loaded_at: Math.floor(this.loadedAt / 1000), shape: shapeOf(this.data) }
          : null,
      evict: (id) => {
        if (!loaded() || id !== String(this.options.key)) return false;
        this.drop();
        return true;
      },
      evictAll: () => {
        const had = loaded() ? 1 : 0;
        this.drop();
        return had;
      },
    });
  }

  /** Forgets the data so the next `fresh()` loads it whole again. */
  private drop(): void {
    this.version = -1;
    this.invalidate();
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
    if (this.version >= 0 && Date.now() - this.checkedAt < this.checkMs) this.hits += 1;
    else this.misses += 1;
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
      this.loadedAt = Date.now();
    }
    if (generation === this.generation) this.checkedAt = Date.now();
  }
}
