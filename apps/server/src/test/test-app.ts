import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignUp } from '@app/contract/auth/sign-up';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../platform/db';
import type { Platform } from '../platform/platform';
import { runSeeds } from '../seeds';
import { callEndpoint } from './call-endpoint';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database every test file starts from: a PostgreSQL database name to copy
     * (`CREATE DATABASE … TEMPLATE`) when TEST_DATABASE_URL is set, else a PGlite data-directory
     * tarball on disk.
     */
    migratedTemplate: { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };
  }
}

/**
 * A real, throw-away database per test file, copied from the one the global set-up migrated
 * (`global-setup.ts`): a fresh PostgreSQL database made from that template when TEST_DATABASE_URL
 * is set (as in CI), else an in-memory PGlite loaded from its tarball. Dropped when the file is
 * done. The copy is not migrated again: the template was migrated in this run, from the same
 * folder. Without a template (a run outside Vitest: the credits bench) it is migrated here.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = migratedTemplate();
  if (!url) {
    if (template?.kind !== 'pglite') {
      const database = await openDatabase({});
      await database.migrate();
      return { database, drop: () => database.close().catch(() => undefined) };
    }
    const database = await openDatabase({ loadDataDir: new Blob([await readFile(template.file)]) });
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const from = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await admin.query(`CREATE DATABASE ${name}${from}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  if (!from) await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/** What the global set-up provided; nothing outside a Vitest run (the credits bench), which migrates. */
function migratedTemplate() {
  try {
    return inject('migratedTemplate');
  } catch {
    return undefined;
  }
}

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  config: Config;
  close: () => Promise<void>;
}

export const TEST_ADMIN = { email: 'root@example.com', password: 'root-password-1' };

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    beforeReady?: (app: FastifyInstance, platform: Platform) => void;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    // Files a test stores go to a fresh folder, never the repository's ./data.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'app-test-')),
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    // pg-boss's schema and pollers only where a test is about jobs (it passes JOBS_ENABLED).
    JOBS_ENABLED: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...env,
  });
  const { app, platform } = await buildApp({
    config,
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    logger: options.logger ?? false,
  });
  await runSeeds(platform);
  options.beforeReady?.(app, platform);
  await app.ready();
  return {
    app,
    platform,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;

/** Signs a new user up through the real endpoint; returns their token and identity. */
export async function signUpUser(app: FastifyInstance, overrides: { email?: string; name?: string } = {}) {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct-horse-1';
  const signedUp = await callEndpoint(app, postSignUp, {
    body: { name: overrides.name ?? `User ${counter}`, email, password },
  });
  const body = signedUp.ok();
  return {
    token: body.token,
    userId: body.user.id,
    email,
    password,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

export async function signInAdmin(app: FastifyInstance) {
  const { token } = (await callEndpoint(app, postSignIn, { body: TEST_ADMIN })).ok();
  if (!token) throw new Error('admin sign-in asked for a second factor');
  return { token, auth: { authorization: `Bearer ${token}` } };
}
