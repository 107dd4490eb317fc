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
  /**
   * Runs `work` holding the lock called `name` across every instance on this database (a
   * session-level advisory lock on its own connection, so it is held however long the work runs
   * and released if this process dies). The embedded database has one process: `work` just runs.
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
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
      // Both hold a session-level lock on a connection of their own: held across the pooled
      // connections the work uses, released when it is done (or the connection dies).
      withStartupLock: (work) => withSessionLock(options.url as string, [STARTUP_LOCK], work),
      withLock: (name, work) => withSessionLock(options.url as string, [NAMED_LOCKS, name], work),
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
    // One process: a lock of this process is the lock of every holder.
    withLock: (name, work) => withLocalLock(name, work),
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
/** The class of `withLock`'s named locks (two-key advisory locks: this, and the name's hash). */
const NAMED_LOCKS = 704_233;

/** The embedded database's `withLock`: named locks of this one process, taken in turn. */
const localLocks = new Map<string, Promise<unknown>>();
function withLocalLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const previous = localLocks.get(name) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  localLocks.set(name, next);
  void next
    .finally(() => {
      if (localLocks.get(name) === next) localLocks.delete(name);
    })
    .catch(() => undefined);
  return next;
}

async function withSessionLock<T>(
  url: string,
  key: [number] | [number, string],
  work: () => Promise<T>,
): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  // A dropped holder connection ends its lock; the work's own queries then tell.
  holder.on('error', () => undefined);
  const lock = key.length === 1 ? 'pg_advisory_lock($1)' : 'pg_advisory_lock($1, hashtext($2))';
  const unlock = key.length === 1 ? 'pg_advisory_unlock($1)' : 'pg_advisory_unlock($1, hashtext($2))';
  try {
    await holder.query(`select ${lock}`, [...key]);
    return await work();
  } finally {
    await holder.query(`select ${unlock}`, [...key]).catch(() => undefined);
    await holder.end().catch(() => undefined);
  }
}

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
