import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_TABLES } from '../modules/analytics/store-schema';
import { createTestDatabase } from '../test/test-app';
import { AnalyticsCatalog } from './analytics-catalog';
import { AnalyticsStore } from './analytics-store';
import { ChangeFeed } from './change-feed';
import type { Database } from './db';
import type { ObjectStore } from './storage';
import { createS3ObjectStore } from './storage-s3';

/**
 * Analytics stores shared by instances (issue 29, item 1): two stores, each with its own folder as
 * two instances have, on one database and one S3-protocol server (s3rver). What one writes, the
 * other reads; a write in progress leaves readers on the last complete version; writers of one
 * team take turns across both; a failed writer publishes nothing; old versions go after the grace.
 */
const team = { kind: 'team', teamId: 'team_shared' } as const;
const insert = (sessions: number) =>
  `insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users) values (date '2026-11-01', 'properties/1', 'Direct', 'France', 'mobile', '/', ${sessions}, 1)`;
const total = 'select coalesce(sum(sessions), 0)::integer as n, count(*)::integer as rows from ga_daily';

describe('analytics stores shared by two instances', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let s3: S3rver;
  let files: ObjectStore;
  const dirs: string[] = [];
  let one: AnalyticsStore;
  let two: AnalyticsStore;

  const makeStore = (graceMs = 60_000) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shared-analytics-'));
    dirs.push(dir);
    return new AnalyticsStore(dir, { memoryLimit: '64MB' }, STORE_TABLES, {
      catalog: new AnalyticsCatalog(database),
      files,
      withLock: (name, work) => database.withLock(name, work),
      graceMs,
    });
  };
  const sum = async (store: AnalyticsStore) => (await store.read(team, total, []))?.rows[0] ?? null;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const directory = mkdtempSync(path.join(tmpdir(), 's3rver-analytics-'));
    dirs.push(directory);
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'shared', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    files = createS3ObjectStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'shared',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    one = makeStore();
    two = makeStore();
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await s3?.close();
    await drop?.();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a store written through one instance is read through the other, from its own local copy', async () => {
    expect(await sum(two)).toBeNull();
    await one.write(team.teamId, (connection) => connection.run(insert(42)), { schema: STORE_TABLES });
    expect(await sum(two)).toEqual([42, 1]);
    const catalog = new AnalyticsCatalog(database);
    const head = await catalog.current('team:team_shared');
    expect(head).toMatchObject({ version: 1, objectKey: expect.any(String) });
    expect(await files.stat(head?.objectKey ?? '')).toMatchObject({ size: head?.bytes });
    expect(await two.teamIds()).toEqual(['team_shared']);
    // Each instance queries a file of its own folder: the other's folder is not shared.
    const copies = readdirSync(path.join(dirs.at(-1) as string, 'copies'));
    expect(copies).toContain('team-team_shared.v1.duckdb');
  });

  it('while a write runs on one instance, the other answers from the last complete version', async () => {
    let proceed: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    let started: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const writing = one.write(
      team.teamId,
      async (connection) => {
        await connection.run(insert(8));
        started();
        await gate;
      },
      { schema: STORE_TABLES },
    );
    await inside;
    expect(await sum(two)).toEqual([42, 1]);
    expect(await sum(one)).toEqual([42, 1]);
    proceed();
    await writing;
    expect(await sum(two)).toEqual([50, 2]);
  });

  it('a new version announced on the change feed is fetched by the other instance before it is asked', async () => {
    const changes = new ChangeFeed(database);
    await changes.start();
    const dir = mkdtempSync(path.join(tmpdir(), 'shared-listening-'));
    dirs.push(dir);
    const listening = new AnalyticsStore(dir, { memoryLimit: '64MB' }, STORE_TABLES, {
      catalog: new AnalyticsCatalog(database),
      files,
      withLock: (name, work) => database.withLock(name, work),
      changes,
    });
    try {
      expect(await sum(listening)).toEqual([50, 2]);
      await one.write(team.teamId, (connection) => connection.run(insert(0)), { schema: STORE_TABLES });
      const version = (await new AnalyticsCatalog(database).current('team:team_shared'))?.version;
      const copy = path.join(dir, 'copies', `team-team_shared.v${version}.duckdb`);
      const deadline = Date.now() + 3000;
      while (!existsSync(copy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(copy)).toBe(true);
      expect(await sum(listening)).toEqual([50, 3]);
    } finally {
      await listening.close();
      await changes.close();
    }
  });

  it('writers of one team on both instances take turns: every write is kept, none is lost', async () => {
    const writes = Array.from({ length: 6 }, (_, i) =>
      (i % 2 ? two : one).write(team.teamId, (connection) => connection.run(insert(1)), {
        schema: STORE_TABLES,
      }),
    );
    await Promise.all(writes);
    expect(await sum(one)).toEqual([56, 9]);
    expect(await sum(two)).toEqual([56, 9]);
    expect((await new AnalyticsCatalog(database).current('team:team_shared'))?.version).toBe(9);
  });

  it('a writer that fails publishes nothing and the next one starts from the last version', async () => {
    await expect(
      two.write(
        team.teamId,
        async (connection) => {
          await connection.run(insert(1000));
          throw new Error('the sync crashed');
        },
        { schema: STORE_TABLES },
      ),
    ).rejects.toThrow('the sync crashed');
    expect(await sum(one)).toEqual([56, 9]);
    await one.write(team.teamId, (connection) => connection.run(insert(4)), { schema: STORE_TABLES });
    expect(await sum(two)).toEqual([60, 10]);
  });

  it('a store written by an older schema is upgraded once, by one instance, and read by both', async () => {
    const older = { kind: 'team', teamId: 'team_old' } as const;
    const previous = new AnalyticsStore(mkdtempSync(path.join(tmpdir(), 'shared-old-')), {}, 'select 1', {
      catalog: new AnalyticsCatalog(database),
      files,
      withLock: (name, work) => database.withLock(name, work),
    });
    await previous.write(
      older.teamId,
      (connection) => connection.run('create table ga_daily (date date, sessions integer)'),
      { schema: 'select 1' },
    );
    await previous.close();
    const catalog = new AnalyticsCatalog(database);
    expect((await catalog.current('team:team_old'))?.version).toBe(1);
    // Both instances read at once: the new columns are there, and one upgrade was published.
    const [a, b] = await Promise.all([
      one.read(older, 'select count(campaign) from ga_daily', []),
      two.read(older, 'select count(campaign) from ga_daily', []),
    ]);
    expect(a?.rows).toEqual([[0]]);
    expect(b?.rows).toEqual([[0]]);
    expect((await catalog.current('team:team_old'))?.version).toBe(2);
  });

  it('the demo is built once, by whichever instance is first, and shared', async () => {
    let builds = 0;
    const build = async (connection: { run: (sql: string) => Promise<unknown> }) => {
      builds += 1;
      await connection.run('create table _demo as select 7 as version');
    };
    const isCurrent = (store: AnalyticsStore) => async () =>
      (await store.read({ kind: 'demo' }, 'select version from _demo', []).catch(() => null))
        ?.rows[0]?.[0] === 7;
    await Promise.all([
      one.rebuildDemo(build, { isCurrent: isCurrent(one) }),
      two.rebuildDemo(build, { isCurrent: isCurrent(two) }),
    ]);
    expect(builds).toBe(1);
    expect((await two.read({ kind: 'demo' }, 'select version from _demo', []))?.rows).toEqual([[7]]);
  });

  it('a held store replaced is published; one removed leaves the team with nothing', async () => {
    const held = await one.hold(team.teamId);
    expect(existsSync(held.file)).toBe(true);
    rmSync(held.file);
    await held.release();
    expect(await sum(two)).toBeNull();
    expect(await two.teamIds()).not.toContain('team_shared');
    // Held and let go unchanged: nothing new is published.
    const catalog = new AnalyticsCatalog(database);
    const before = (await catalog.current('team:team_old'))?.version;
    await (await two.hold('team_old')).release();
    expect((await catalog.current('team:team_old'))?.version).toBe(before);
  });

  it('superseded versions and their objects go after the grace period; current ones stay', async () => {
    const sweeper = makeStore(0);
    const keysBefore = await sweeper.objectKeys();
    const catalog = new AnalyticsCatalog(database);
    const current = await catalog.current('team:team_old');
    const removed = await sweeper.sweep();
    expect(removed).toBeGreaterThan(0);
    const keysAfter = await sweeper.objectKeys();
    expect(keysAfter.has(current?.objectKey ?? '')).toBe(true);
    for (const key of keysBefore) {
      expect(Boolean(await files.stat(key))).toBe(keysAfter.has(key));
    }
    expect(
      await one.read({ kind: 'team', teamId: 'team_old' }, 'select count(*) from ga_daily', []),
    ).toMatchObject({ rows: [[0]] });
    await sweeper.close();
  });
});
