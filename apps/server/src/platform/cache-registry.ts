import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from './change-feed';
import type { Database, Db, Tx, Unlisten } from './db';

/**
 * Where a cache keeps its entries: this process's memory, the shared Redis (`REDIS_URL`), or a
 * table of the database (shared by every instance).
 */
export type CacheBackend = 'memory' | 'redis' | 'database';

export interface CacheStats {
  entries: number;
  /** Lookups answered from the cache since this instance started (null: the cache cannot tell). */
  hits: number | null;
  misses: number | null;
  /** An estimate of the memory the entries take (null: not measurable, e.g. in Redis). */
  bytes: number | null;
  /** How long an entry is kept at most (null: until the data changes). */
  ttl_seconds: number | null;
}

/**
 * One entry as the admin sees it. `id` is what eviction and inspection take back: never a
 * secret (a session is named by a digest of its token's hash, not by the token).
 */
export interface CacheKey {
  id: string;
  /** What the key is about, masked where it would reveal a credential. */
  label: string;
  age_seconds: number | null;
  expires_in_seconds: number | null;
  bytes: number | null;
}

export interface CacheKeyPage {
  items: CacheKey[];
  total: number;
}

/** What every cache the server keeps offers the registry; values shown are already redacted. */
export interface CacheSource {
  name: string;
  backend: CacheBackend;
  stats(): CacheStats | Promise<CacheStats>;
  /** Every key (the registry filters and pages): caches here hold at most some thousands. */
  keys(): CacheKey[] | Promise<CacheKey[]>;
  /** A redacted preview of one entry's value; null when there is no such key. */
  inspect(id: string): Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
  /**
   * Drops one entry; answers whether it was there. `db`: the transaction recording the eviction,
   * for a source kept in the database (absent when another instance's announcement is heard).
   */
  evict(id: string, db?: Db | Tx): boolean | Promise<boolean>;
  /** Drops every entry; answers how many there were. */
  evictAll(db?: Db | Tx): number | Promise<number>;
}

/** The channel eviction is announced on, so every instance drops its own copy. */
export const CACHE_EVICT_CHANNEL = 'cache_evict';

/** A digest fit to name an entry whose real key must not be shown (a token's hash). */
export function maskedId(raw: string): string {
  return createHash('sha256').update(`cache-key:${raw}`).digest('hex').slice(0, 16);
}

/** A rough size of a value in memory (its JSON length, Maps and Sets included), for the figures. */
export function approximateBytes(value: unknown): number {
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) =>
      inner instanceof Map ? [...inner.entries()] : inner instanceof Set ? [...inner] : inner,
    );
    return text ? text.length * 2 : 0;
  } catch {
    return 0;
  }
}

/**
 * The shape of a value without its contents (types, counts, field names): what "inspect" shows of
 * caches whose values may be secrets (the foreign keys' decrypted credentials), prices or grants.
 */
export function shapeOf(value: unknown, depth = 0): unknown {
  if (value instanceof Map) {
    return depth > 1
      ? `Map(${value.size})`
      : { type: 'Map', size: value.size, keys: [...value.keys()].slice(0, 20).map(String) };
  }
  if (value instanceof Set) return `Set(${value.size})`;
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (value === null) return null;
  if (typeof value === 'object') {
    if (depth > 1) return 'object';
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner, depth + 1)]));
  }
  return typeof value;
}

const registries = new WeakMap<ChangeFeed, CacheRegistry>();

/** The registry of the platform a change feed belongs to (caches built with a feed join it). */
export function registryOf(feed: ChangeFeed | undefined): CacheRegistry | undefined {
  return feed ? registries.get(feed) : undefined;
}

interface EvictNotice {
  from: string;
  cache: string;
  id: string | null;
}

/**
 * Every cache the server keeps joins this registry, so `/admin/system/data-cache` lists and
 * empties them all. Figures are this instance's own (each instance keeps its memory); an
 * eviction is carried out here and announced on `cache_evict`, so every instance drops its copy.
 */
export class CacheRegistry {
  /** Names this instance in the figures and in the eviction announcements. */
  readonly instanceId = randomUUID().slice(0, 8);
  private readonly sources = new Map<string, CacheSource>();
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly database: Database,
    feed: ChangeFeed,
  ) {
    registries.set(feed, this);
  }

  /** A second source of the same name (a cache built twice) replaces the first. */
  register(source: CacheSource): void {
    this.sources.set(source.name, source);
  }

  list(): CacheSource[] {
    return [...this.sources.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): CacheSource | undefined {
    return this.sources.get(name);
  }

  async keys(
    name: string,
    options: { q?: string; offset: number; limit: number },
  ): Promise<CacheKeyPage | null> {
    const source = this.sources.get(name);
    if (!source) return null;
    const q = options.q?.trim().toLowerCase();
    const all = (await source.keys()).filter(
      (key) => !q || key.label.toLowerCase().includes(q) || key.id.toLowerCase().startsWith(q),
    );
    return { items: all.slice(options.offset, options.offset + options.limit), total: all.length };
  }

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(CACHE_EVICT_CHANNEL, (payload) => {
      void this.onNotice(payload);
    });
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }

  /**
   * Evicts one entry (`id`) or all (`null`) here, then tells the other instances. Answers what
   * this instance dropped, or null when there is no such cache. `db` is the transaction that
   * records the eviction when there is one: the announcement then leaves with its commit, and
   * the embedded database (one connection) is not asked for a second one while it is held.
   */
  async evict(name: string, id: string | null, db: Db | Tx = this.database.db): Promise<number | null> {
    const source = this.sources.get(name);
    if (!source) return null;
    const dropped = id === null ? await source.evictAll(db) : (await source.evict(id, db)) ? 1 : 0;
    const notice: EvictNotice = { from: this.instanceId, cache: name, id };
    await db.execute(sql`select pg_notify(${CACHE_EVICT_CHANNEL}, ${JSON.stringify(notice)})`);
    return dropped;
  }

  private async onNotice(payload: string): Promise<void> {
    let notice: EvictNotice;
    try {
      notice = JSON.parse(payload) as EvictNotice;
    } catch {
      return;
    }
    if (notice.from === this.instanceId) return;
    const source = this.sources.get(notice.cache);
    if (!source) return;
    try {
      if (notice.id === null) await source.evictAll();
      else await source.evict(notice.id);
    } catch {
      // A shared backend (Redis) was already emptied by the instance that asked.
    }
  }
}

export interface MapSourceOptions<V> {
  name: string;
  /** What the key is about; keys that hold a credential are shown through this only. */
  label: (key: string, value: V) => string;
  /** A redacted preview (default: the value's shape, no contents). */
  inspect?: (key: string, value: V) => Record<string, unknown>;
  /** The key holds a secret (an API key in a client's settings): named by a digest instead. */
  secretKeys?: boolean;
}

/** A plain in-memory map cache (kept at module level by a feature) as a registry source. */
export function mapSource<V>(map: Map<string, V>, options: MapSourceOptions<V>): CacheSource {
  const idOf = (key: string) => (options.secretKeys ? maskedId(key) : key);
  const find = (id: string) => [...map].find(([key]) => idOf(key) === id);
  return {
    name: options.name,
    backend: 'memory',
    stats: () => ({ entries: map.size, hits: null, misses: null, bytes: null, ttl_seconds: null }),
    keys: () =>
      [...map].map(([key, value]) => ({
        id: idOf(key),
        label: options.label(key, value),
        age_seconds: null,
        expires_in_seconds: null,
        bytes: null,
      })),
    inspect: (id) => {
      const found = find(id);
      if (!found) return null;
      return options.inspect
        ? options.inspect(found[0], found[1])
        : { shape: shapeOf(found[1]) as Record<string, unknown> | string | null };
    },
    evict: (id) => {
      const found = find(id);
      return found ? map.delete(found[0]) : false;
    },
    evictAll: () => {
      const had = map.size;
      map.clear();
      return had;
    },
  };
}
