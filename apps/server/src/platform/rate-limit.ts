import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error';
import type { CacheKey, CacheRegistry } from './cache-registry';

/** Where the counters live in Redis (the admin's data-cache page lists and clears this prefix). */
const REDIS_NAMESPACE = 'rate-limit:';
/** The most counters kept in memory; past it the expired go, then the oldest. */
const MAX_COUNTERS = 10_000;

interface Counter {
  current: number;
  ttl: number;
  iterationStartMs: number;
  window: number;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  continueExceeding?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's in-memory store (its LocalStore's arithmetic), with every route's counters
 * in one map keyed `METHOD url key`, so the data-cache page can list and clear them.
 */
class MemoryCounters {
  readonly counters = new Map<string, Counter>();

  store(): new (params: RouteParams) => object {
    const counters = this.counters;
    const prune = () => {
      if (counters.size < MAX_COUNTERS) return;
      const now = Date.now();
      for (const [key, counter] of counters) {
        if (counter.iterationStartMs + counter.window <= now) counters.delete(key);
      }
      while (counters.size >= MAX_COUNTERS) {
        const oldest = counters.keys().next();
        if (oldest.done) break;
        counters.delete(oldest.value);
      }
    };
    class Store {
      private readonly prefix: string;
      private readonly continueExceeding: boolean;
      constructor(params: RouteParams, prefix = '') {
        this.prefix = prefix;
        this.continueExceeding = params.continueExceeding === true;
      }
      incr(key: string, callback: Callback, timeWindow: number, max: number): void {
        const now = Date.now();
        const id = this.prefix + key;
        let counter = counters.get(id);
        if (!counter || counter.iterationStartMs + timeWindow <= now) {
          counter = { current: 1, ttl: timeWindow, iterationStartMs: now, window: timeWindow };
        } else {
          counter.current += 1;
          if (this.continueExceeding && counter.current > max) {
            counter.ttl = timeWindow;
            counter.iterationStartMs = now;
          } else {
            counter.ttl = timeWindow - (now - counter.iterationStartMs);
          }
        }
        counters.delete(id);
        prune();
        counters.set(id, counter);
        callback(null, { current: counter.current, ttl: counter.ttl });
      }
      read(key: string, callback: Callback, timeWindow: number): void {
        const counter = counters.get(this.prefix + key);
        const now = Date.now();
        if (!counter || counter.iterationStartMs + timeWindow <= now) callback(null, { current: 0, ttl: 0 });
        else callback(null, { current: counter.current, ttl: timeWindow - (now - counter.iterationStartMs) });
      }
      child(params: RouteParams): Store {
        const method = params.routeInfo?.method ?? '';
        return new Store(
          params,
          `${Array.isArray(method) ? method.join(',') : method} ${params.routeInfo?.url ?? ''} `,
        );
      }
    }
    return Store;
  }

  live(): [string, Counter][] {
    const now = Date.now();
    return [...this.counters].filter(([, counter]) => counter.iterationStartMs + counter.window > now);
  }
}

function memorySource(counters: MemoryCounters) {
  const keyOf = ([id, counter]: [string, Counter], now: number): CacheKey => ({
    id,
    label: `${id} (${counter.current})`,
    age_seconds: Math.round((now - counter.iterationStartMs) / 1000),
    expires_in_seconds: Math.max(0, Math.round((counter.iterationStartMs + counter.window - now) / 1000)),
    bytes: id.length * 2 + 32,
  });
  return {
    name: 'rate-limit',
    backend: 'memory' as const,
    stats: () => {
      const live = counters.live();
      return {
        entries: live.length,
        hits: null,
        misses: null,
        bytes: live.reduce((sum, [id]) => sum + id.length * 2 + 32, 0),
        ttl_seconds: live.length ? Math.round(Math.max(...live.map(([, c]) => c.window)) / 1000) : null,
      };
    },
    keys: () => {
      const now = Date.now();
      return counters.live().map((entry) => keyOf(entry, now));
    },
    inspect: (id: string) => {
      const counter = counters.counters.get(id);
      return counter
        ? {
            requests: counter.current,
            window_seconds: counter.window / 1000,
            started_at: Math.floor(counter.iterationStartMs / 1000),
          }
        : null;
    },
    evict: (id: string) => counters.counters.delete(id),
    evictAll: () => {
      const had = counters.live().length;
      counters.counters.clear();
      return had;
    },
  };
}

async function scanAll(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_NAMESPACE}*`, 'COUNT', 500);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0' && found.length < 50_000);
  return found;
}

function redisSource(redis: Redis) {
  const strip = (key: string) => key.slice(REDIS_NAMESPACE.length);
  return {
    name: 'rate-limit',
    backend: 'redis' as const,
    stats: async () => ({
      entries: (await scanAll(redis)).length,
      hits: null,
      misses: null,
      bytes: null,
      ttl_seconds: null,
    }),
    keys: async () => {
      const keys = await scanAll(redis);
      const ttls = await Promise.all(keys.slice(0, 1000).map((key) => redis.pttl(key)));
      return keys.map((key, index) => ({
        id: strip(key),
        label: strip(key),
        age_seconds: null,
        expires_in_seconds:
          ttls[index] !== undefined && (ttls[index] ?? -1) >= 0
            ? Math.round((ttls[index] ?? 0) / 1000)
            : null,
        bytes: null,
      }));
    },
    inspect: async (id: string) => {
      const value = await redis.get(REDIS_NAMESPACE + id);
      return value === null
        ? null
        : { requests: Number(value), expires_in_ms: await redis.pttl(REDIS_NAMESPACE + id) };
    },
    evict: async (id: string) => (await redis.del(REDIS_NAMESPACE + id)) > 0,
    evictAll: async () => {
      const keys = await scanAll(redis);
      for (let at = 0; at < keys.length; at += 500) await redis.del(...keys.slice(at, at + 500));
      return keys.length;
    },
  };
}

/**
 * Per-route limits (declared where the route is registered). Counters live in memory for one
 * process, or in Redis when REDIS_URL is set so every instance counts the same attempts; either
 * way they join the cache registry (`rate-limit`).
 */
export async function installRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  caches?: CacheRegistry,
): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  const memory = redis ? undefined : new MemoryCounters();
  if (redis) caches?.register(redisSource(redis));
  if (memory) caches?.register(memorySource(memory));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: REDIS_NAMESPACE, skipOnError: true } : {}),
    // biome-ignore lint/suspicious/noExplicitAny: the plugin types its store option as a bare constructor
    ...(memory ? { store: memory.store() as any } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { _retry_: { waiting_time: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
}
