import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { fromPglite, PgBoss } from 'pg-boss';
import { jobRuns } from '../db/schema';
import type { Database } from './db';
import { describeError } from './redact';

/** What a job's handler gets: its data and which attempt this is. */
export interface JobContext<T> {
  id: string;
  data: T;
  attempt: number;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  run: (job: JobContext<T>) => Promise<void>;
  /** Tries after the first (default 3), waiting `retryDelaySeconds` (default 30) doubled each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Runs on this cron schedule (UTC), once per tick across all instances. */
  cron?: string;
}

/** This process, as written in the run log: shows which instance ran a job. */
export const RUNNER = `${os.hostname()}:${process.pid}`;

/**
 * Background work on pg-boss over the same database (PostgreSQL, or the embedded PGlite through
 * its adapter): a job is claimed by one worker across all instances (SKIP LOCKED), failed runs
 * are retried with backoff, and every attempt is written to `job_runs` for the admin's schedule
 * log. Modules `define` their jobs while registering; `start` runs once the server is ready.
 */
export class Jobs {
  private boss: PgBoss | undefined;
  private readonly definitions = new Map<string, JobDefinition>();

  constructor(
    private readonly database: Database,
    /** Off in most tests: pg-boss's schema and pollers are only paid for where jobs are tested. */
    readonly enabled: boolean,
  ) {}

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.name)) throw new Error(`Job defined twice: ${definition.name}`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  async start(): Promise<void> {
    if (!this.enabled || this.boss) return;
    const target = this.database.jobsTarget;
    const boss =
      'url' in target
        ? new PgBoss({ connectionString: target.url, max: 4, application_name: 'jobs' })
        : new PgBoss({ db: fromPglite(target.pglite) });
    // pg-boss reports trouble (a lost connection, a slow query) as events; they must not crash us.
    boss.on('error', () => undefined);
    await boss.start();
    this.boss = boss;
    for (const definition of this.definitions.values()) {
      await boss.createQueue(definition.name, {
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 30,
        retryBackoff: true,
      });
      // Every 2 s per queue: jobs are not latency-bound, and on PGlite polls share the one connection.
      await boss.work<object>(definition.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await this.runLogged(definition, job);
      });
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    }
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // Shutdown may reach here after the database is gone: nothing left to stop then.
    await boss?.stop({ graceful: true, timeout: 5000, close: true }).catch(() => undefined);
  }

  /** Queues a job, to start at once or after `startAfterSeconds` (a backoff); answers its id. */
  async send(name: string, data: object = {}, options: { startAfterSeconds?: number } = {}): Promise<string> {
    const id = await this.requireBoss().send(
      name,
      data,
      options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {},
    );
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /** Puts a failed job back in its queue (the schedule log's retry). */
  async retry(name: string, id: string): Promise<void> {
    await this.requireBoss().retry(name, id);
  }

  /** The job's state as pg-boss holds it (created, retry, active, completed, failed...). */
  async state(name: string, id: string): Promise<string | null> {
    const job = await this.requireBoss().getJobById(name, id);
    return job?.state ?? null;
  }

  /** Each defined queue's counts as pg-boss holds them (the metrics); none while jobs are off. */
  async queueFigures(): Promise<
    { name: string; ready: number; deferred: number; active: number; failed: number }[]
  > {
    if (!this.boss || this.definitions.size === 0) return [];
    const queues = await this.boss.getQueues([...this.definitions.keys()]);
    return queues.map((queue) => ({
      name: queue.name,
      ready: queue.readyCount,
      deferred: queue.deferredCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('jobs are not running (JOBS_ENABLED=false, or the server is not ready)');
    return this.boss;
  }

  private async runLogged(
    definition: JobDefinition,
    job: { id: string; data: object; retryCount: number },
  ): Promise<void> {
    const db = this.database.db;
    const [run] = await db
      .insert(jobRuns)
      .values({
        queue: definition.name,
        jobId: job.id,
        attempt: job.retryCount + 1,
        retryLimit: definition.retryLimit ?? 3,
        status: 'running',
        data: job.data,
        runner: RUNNER,
      })
      .returning({ id: jobRuns.id });
    try {
      await definition.run({ id: job.id, data: job.data, attempt: job.retryCount + 1 });
      if (run)
        await db
          .update(jobRuns)
          .set({ status: 'completed', finishedAt: new Date() })
          .where(eq(jobRuns.id, run.id));
    } catch (error) {
      if (run) {
        // Redacted and storable: a failed query's message spells out its parameters.
        await db
          .update(jobRuns)
          .set({ status: 'failed', error: describeError(error).message, finishedAt: new Date() })
          .where(and(eq(jobRuns.id, run.id)));
      }
      // Thrown on, so pg-boss retries it (or marks it failed after the last try).
      throw error;
    }
  }
}
