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

export type Schema = typeof schema;
/** Both drivers share drizzle's Postgres API; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
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
  migrationsFolder?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
    });
    // An idle connection the server closes (restart, failover, a test dropping its database) must
    // not crash the process; the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migrateNodePg(drizzleNodePg(pool, { schema, casing: 'snake_case' }), {
          migrationsFolder: options.migrationsFolder ?? migrationsFolder,
        }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(pgliteDb, { migrationsFolder: options.migrationsFolder ?? migrationsFolder }),
    ping: async () => {
      await pgliteDb.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
