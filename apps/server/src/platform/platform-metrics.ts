import type pg from 'pg';
import type { CacheRegistry } from './cache-registry';
import type { Database } from './db';
import type { Jobs } from './jobs';
import type { Metrics } from './metrics';

/**
 * The platform's figures, read when Prometheus scrapes: the database pool, the job queues and
 * every cache of the registry. Nothing is counted on the request path for them.
 */
export function watchPlatform(
  metrics: Metrics,
  { database, jobs, caches }: { database: Database; jobs: Jobs; caches: CacheRegistry },
): void {
  // drizzle's node-postgres database carries its pool; the embedded database has no pool.
  const pool =
    database.kind === 'postgres' ? (database.db as unknown as { $client?: pg.Pool }).$client : undefined;
  metrics.gauge({
    name: 'app_db_pool_connections',
    help: 'PostgreSQL pool connections by state (idle, busy, waiting clients, max)',
    labelNames: ['state'],
    collect() {
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });

  // A database that cannot answer leaves the gauges empty; the readiness check names it.
  const queueFigures = () => jobs.queueFigures().catch(() => []);
  metrics.gauge({
    name: 'app_job_queue_depth',
    help: 'Jobs per queue by state: ready to run, deferred (scheduled or backing off), active',
    labelNames: ['queue', 'state'],
    async collect() {
      this.reset();
      for (const queue of await queueFigures()) {
        this.set({ queue: queue.name, state: 'ready' }, queue.ready);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
        this.set({ queue: queue.name, state: 'active' }, queue.active);
      }
    },
  });
  metrics.gauge({
    name: 'app_job_queue_failed',
    help: 'Failed jobs per queue still retained by pg-boss (a rolling count of recent failures)',
    labelNames: ['queue'],
    async collect() {
      this.reset();
      for (const queue of await queueFigures()) this.set({ queue: queue.name }, queue.failed);
    },
  });

  const cacheFigures = async () =>
    Promise.all(
      caches.list().map(async (source) => ({
        name: source.name,
        stats: await Promise.resolve(source.stats()).catch(() => null),
      })),
    );
  metrics.counter({
    name: 'app_cache_lookups_total',
    help: 'Cache lookups since this instance started, by cache and outcome (hit or miss)',
    labelNames: ['cache', 'outcome'],
    async collect() {
      this.reset();
      for (const { name, stats } of await cacheFigures()) {
        if (stats?.hits == null || stats.misses == null) continue;
        this.inc({ cache: name, outcome: 'hit' }, stats.hits);
        this.inc({ cache: name, outcome: 'miss' }, stats.misses);
      }
    },
  });
  metrics.gauge({
    name: 'app_cache_entries',
    help: 'Entries each cache holds on this instance (or in its shared backend)',
    labelNames: ['cache'],
    async collect() {
      this.reset();
      for (const { name, stats } of await cacheFigures()) if (stats) this.set({ cache: name }, stats.entries);
    },
  });
}
