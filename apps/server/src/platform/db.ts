import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { lockFolder } from './folder-lock';

export type Schema = typeof schema;
/** Both drivers share drizzle's Postgres API; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How the job queue reaches the same database: its URL, or the embedded instance itself. */
  jobsTarget: { url: string } | { pglite: PGlite };
  /**
   * Calls `onNotify` with the payload of every `NOTIFY channel` committed by any connection (on
   * PostgreSQL, by any server instance). PostgreSQL listens on a dedicated connection that is
   * re-opened after a failure; `onReconnect` then runs so the caller can catch up on what it
   * may have missed.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  migrate(): Promise<void>;
  /**
   * How many statements this process has sent through `db` so far: tests count a call's round
   * trips with it (a warm basic infos makes none).
   */
  queryCount(): number;
  /**
   * Runs `work` (migrations, seeds) while holding the database-wide start-up lock, so instances
   * starting together on one PostgreSQL migrate and seed one after another, never both at once.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations sit beside the sources; the build copies them next to the bundle (dist/migrations). */
export const migrationsFolder = existsSync(path.resolve(here, 'migrations'))
  ? path.resolve(here, 'migrations')
  : path.resolve(here, '../db/migrations');

export interface OpenOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** Folder of the embedded database; omit for an in-memory one (tests). */
  dataDir?: string;
  /**
   * An embedded database to start from (PGlite's `dumpDataDir` tarball): tests open a copy of one
   * migrated once, instead of migrating every file's database again.
   */
  loadDataDir?: Blob;
  migrationsFolder?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let queries = 0;
  // drizzle calls this for every statement it sends; counting is all it does.
  const logger = {
    logQuery: () => {
      queries += 1;
    },
  };
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
    });
    // An idle connection the server closes (restart, failover, a test dropping its database) must
    // not crash the process; the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queryCount: () => queries,
      jobsTarget: { url: options.url },
      migrate: () =>
        migrateNodePg(drizzleNodePg(pool, { schema, casing: 'snake_case' }), {
          migrationsFolder: options.migrationsFolder ?? migrationsFolder,
        }),
      ping: async () => {
        await pool.query('select 1');
      },
      withStartupLock: async (work) => {
        // A session-level lock on its own connection: held across the migrator's and the seeds'
        // pooled connections, released when the work is done (or the connection dies).
        const holder = new pg.Client({ connectionString: options.url });
        await holder.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          await holder.end().catch(() => undefined);
        }
      },
      listen: (channel, onNotify, onReconnect) =>
        listenOnPostgres(options.url as string, channel, onNotify, onReconnect),
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  // The embedded database's folder is one process's (folder-lock.ts): a second server stops here.
  let release: (() => void) | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = await lockFolder(options.dataDir);
  }
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case', logger });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    queryCount: () => queries,
    jobsTarget: { pglite: client },
    migrate: () =>
      migratePglite(pgliteDb, { migrationsFolder: options.migrationsFolder ?? migrationsFolder }),
    ping: async () => {
      await pgliteDb.execute(sql`select 1`);
    },
    // The embedded database has one process (its folder is locked): nothing to wait for.
    withStartupLock: (work) => work(),
    // One embedded database in one process: notifications never get lost to a broken connection.
    // Shutdown may close the database before the listeners: stopping them then is a no-op.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      release?.();
    },
  };
}

const RELISTEN_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/** Any constant: the advisory lock instances take around migrating and seeding. */
const STARTUP_LOCK = 704_232;

/**
 * LISTEN on its own client, outside the pool: a pooled connection would be handed to queries and
 * lose the registration. A dropped connection is re-opened with backoff.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retrying = false;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    attempt = 0;
  };

  // One retry loop at a time, whatever number of 'end' and failure events arrive.
  const retry = (): void => {
    if (stopped || retrying) return;
    retrying = true;
    const delay = RELISTEN_DELAYS_MS[Math.min(attempt, RELISTEN_DELAYS_MS.length - 1)] ?? 5000;
    attempt += 1;
    setTimeout(() => {
      open().then(
        () => {
          retrying = false;
          onReconnect?.();
        },
        () => {
          retrying = false;
          retry();
        },
      );
    }, delay).unref();
  };

  await open();
  return async () => {
    stopped = true;
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
