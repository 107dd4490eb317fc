import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadinessCheck } from '@app/contract/core/ready';
import { Redis } from 'ioredis';
import { migrationsFolder } from '../../platform/db';
import type { Platform } from '../../platform/platform';
import { newestAppliedMigration } from './migrations.repo';

/** Longest a check may take: a probe that hangs is a failed probe. */
const CHECK_TIMEOUT_MS = 2000;

/** A key of the object store's shape that is never written: asking for it proves the store answers. */
const PROBE_KEY = `00/${'0'.repeat(32)}.probe`;

export type ReadinessReport = Partial<Record<ReadinessCheck, 'ok' | 'failed'>>;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** When the newest migration shipped with this build was written (drizzle's journal). */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** A fresh connection per probe: the rate limiter's client retries quietly, this one must say. */
async function pingRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

/**
 * Whether this instance can serve: each dependency probed at once, in parallel. Liveness
 * (`/api/healthy`) stays a plain database round trip; this is what a balancer waits on.
 */
export function readinessProbe(platform: Platform, folder = migrationsFolder) {
  const newest = newestMigrationMillis(folder);
  const checks: Partial<Record<ReadinessCheck, () => Promise<void>>> = {
    database: () => platform.database.ping(),
    migrations: async () => {
      if ((await newestAppliedMigration(platform.db)) < newest) throw new Error('migrations pending');
    },
    ...(platform.config.REDIS_URL ? { redis: () => pingRedis(platform.config.REDIS_URL as string) } : {}),
    object_store: async () => {
      await platform.files.stat(PROBE_KEY);
    },
  };
  return async (): Promise<{ ready: boolean; checks: ReadinessReport; failed: ReadinessCheck[] }> => {
    const names = Object.keys(checks) as ReadinessCheck[];
    const outcomes = await Promise.allSettled(
      names.map((name) => withTimeout((checks[name] as () => Promise<void>)(), name)),
    );
    const report: ReadinessReport = {};
    const failed: ReadinessCheck[] = [];
    outcomes.forEach((outcome, index) => {
      const name = names[index] as ReadinessCheck;
      report[name] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
      if (outcome.status === 'rejected') failed.push(name);
    });
    return { ready: failed.length === 0, checks: report, failed };
  };
}
