import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_TABLES } from '../modules/analytics/store-schema';
import { AnalyticsStore } from './analytics-store';
import { AppError } from './app-error';

/**
 * SQL written by a model runs on a connection that reads the team's own store and nothing else
 * (ARCHITECTURE section 8): each hostile statement below is refused with a reason naming `sql`,
 * while a plain SELECT over the team's own rows answers.
 */
describe('SQL written by a model', () => {
  let dataDir: string;
  let store: AnalyticsStore;
  let otherFile: string;
  let localFile: string;
  const ours = { kind: 'team', teamId: 'team_ours' } as const;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'app-sandbox-'));
    const dir = path.join(dataDir, 'analytics');
    store = new AnalyticsStore(dir, { memoryLimit: '64MB' });
    await store.write(
      'team_ours',
      (connection) =>
        connection.run(
          `insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users) values (date '2026-11-01', 'properties/1', 'Direct', 'France', 'mobile', '/', 42, 40)`,
        ),
      { schema: STORE_TABLES },
    );
    await store.write(
      'team_theirs',
      (connection) =>
        connection.run(
          `insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users) values (date '2026-11-01', 'properties/secret', 'Email', 'Japan', 'desktop', '/secret', 999, 1)`,
        ),
      { schema: STORE_TABLES },
    );
    otherFile = path.join(dir, 'team-team_theirs.duckdb');
    localFile = path.join(dataDir, 'local.csv');
    writeFileSync(localFile, 'secret\nhunter2\n');
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const refusal = async (sql: string, limits?: { rowCap?: number; timeoutMs?: number }) => {
    const outcome = await store.readUntrusted(ours, sql, limits).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome, sql).toBeInstanceOf(AppError);
    const error = outcome as AppError;
    expect(error.code).toBe('VALIDATION_ERROR');
    const fields = (error.extras as { fields?: Record<string, string> }).fields ?? {};
    expect(Object.keys(fields)).toEqual(['sql']);
    return fields.sql ?? '';
  };

  it("answers a SELECT or WITH over the team's own rows", async () => {
    const plain = await store.readUntrusted(
      ours,
      'select channel, sum(sessions) as s from ga_daily group by channel',
    );
    expect(plain).toEqual({ columns: ['channel', 's'], rows: [['Direct', 42]], truncated: false });
    const withQuery = await store.readUntrusted(
      ours,
      '-- a comment first\n(with t as (select sessions from ga_daily) select sum(sessions) as total from t)',
    );
    expect(withQuery?.rows).toEqual([[42]]);
  });

  it("cannot reach another team's store or a file on the machine", async () => {
    expect(await refusal(`attach '${otherFile}' as theirs`)).toMatch(/SELECT or WITH/);
    for (const sql of [
      `select * from read_csv('${localFile}')`,
      `select * from '${localFile}'`,
      `select * from read_text('/etc/hostname')`,
      `select * from glob('${path.dirname(otherFile)}/*')`,
      `select * from read_parquet('${otherFile}')`,
      `with x as (select 1) select * from read_csv_auto('${localFile}')`,
    ]) {
      expect(await refusal(sql)).toMatch(/disabled|Permission/i);
    }
  });

  it('runs nothing but one SELECT or WITH: no COPY, INSTALL, LOAD, PRAGMA, SET, or several statements', async () => {
    for (const sql of [
      `copy ga_daily to '${localFile}'`,
      'install httpfs',
      'load httpfs',
      'pragma database_list',
      "set memory_limit = '10GB'",
      'reset memory_limit',
      'delete from ga_daily',
      'create table x as select 1',
      'call pragma_database_list()',
    ]) {
      expect(await refusal(sql)).toMatch(/SELECT or WITH/);
    }
    expect(await refusal('select 1; select 2')).toMatch(/exactly one statement/);
    expect(await refusal("select 1; attach 'x' as y")).toMatch(/exactly one statement/);
    expect(await refusal('select from where')).toMatch(/parse|syntax/i);
  });

  it('keeps at most the row cap, and stops a query that would never end', async () => {
    const capped = await store.readUntrusted(ours, 'select * from range(100000) t(n)', { rowCap: 10 });
    expect(capped?.rows).toHaveLength(10);
    expect(capped?.truncated).toBe(true);
    const started = Date.now();
    expect(
      await refusal('select count(*) from range(1000000000) a, range(1000000000) b', { timeoutMs: 1000 }),
    ).toMatch(/longer than 1 s/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stays within the memory limit', async () => {
    expect(await refusal("select string_agg(repeat('x', 1000), ',') from range(1000000)")).toMatch(/memory/i);
    // The configuration is locked: the limit cannot be raised from inside, whatever the statement.
    const setting = await store.readUntrusted(ours, "select current_setting('memory_limit') as m");
    expect(String(setting?.rows[0]?.[0])).toMatch(/MiB/);
  });
});
