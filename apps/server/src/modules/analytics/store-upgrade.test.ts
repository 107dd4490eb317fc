import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalyticsStore } from '../../platform/analytics-store';
import { STORE_TABLES } from './store-schema';

/** The schema of a team store as written before the source, campaign, duration, device and network columns. */
const BEFORE = `
create table ga_daily (
  date date not null, property varchar not null, channel varchar, country varchar, device varchar,
  landing_page varchar, sessions integer, users integer, new_users integer, engaged_sessions integer,
  conversions integer, revenue double
);
create table gads_daily (
  date date not null, customer_id varchar not null, campaign varchar, ad_group varchar, keyword varchar,
  impressions integer, clicks integer, cost_micros bigint, conversions double, conversion_value double
);
`;

describe('a team store written by an earlier version', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'app-store-upgrade-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gains the columns added since before this process first reads it, keeping its rows', async () => {
    const old = new AnalyticsStore(dir);
    await old.write(
      'team_old',
      (connection) =>
        connection.run(
          `insert into ga_daily values (date '2026-11-01', 'properties/1', 'Direct', 'France', 'mobile', '/', 42, 40, 10, 30, 2, 150.5)`,
        ),
      { schema: BEFORE },
    );
    await old.close();

    const store = new AnalyticsStore(dir, {}, STORE_TABLES);
    try {
      const read = await store.read(
        { kind: 'team', teamId: 'team_old' },
        'select sessions, source, medium, campaign, session_duration from ga_daily',
        [],
      );
      expect(read?.rows).toEqual([[42, null, null, null, null]]);
      const ads = await store.read(
        { kind: 'team', teamId: 'team_old' },
        'select count(*), count(device), count(network) from gads_daily',
        [],
      );
      expect(ads?.rows).toEqual([[0, 0, 0]]);
    } finally {
      await store.close();
    }
  });
});
