import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db';

// The template's shape is declared where it is read (test-app.ts, `ProvidedContext`).

/**
 * Migrates one database before any test file runs, so each file copies it instead of migrating
 * its own: on the embedded database a file's database took about 4 s to make, a copy about 1 s.
 * The migrations are the same real ones; only their repetition is saved.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `tpl_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    await database.migrate();
    // A template must have no connection open while it is copied.
    await database.close();
    project.provide('migratedTemplate', { kind: 'postgres', name });
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await (database.jobsTarget as { pglite: PGlite }).pglite.dumpDataDir('none');
  const folder = mkdtempSync(path.join(tmpdir(), 'app-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  // Read before closing: the dump's bytes live in the database's own memory until then.
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('migratedTemplate', { kind: 'pglite', file });
  return () => rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
