import { putDynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { addDays, todayAt } from '@app/contract/analytics/date-ranges';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import {
  type ConnectorService,
  getConnectorsStatus,
  postConnectorSync,
} from '@app/contract/connectors/connectors';
import { postGoogleRevoke } from '@app/contract/connectors/google-oauth';
import type { GoogleService } from '@app/contract/connectors/google-services';
import { putIntegMetadataSelected, type SelectedBody } from '@app/contract/connectors/metadata';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleBindings } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { GSC_LAG_DAYS } from '../../test/google-stand-in/apis';
import { DEMO_ROWS } from '../../test/google-stand-in/data';
import {
  DEMO_ADS_CUSTOMER,
  DEMO_ADS_MANAGER,
  DEMO_GA_PROPERTY,
  DEMO_GSC_SITE,
} from '../../test/google-stand-in/world';
import { signInAdmin, signUpUser } from '../../test/test-app';
import { bind, type ConnectorsTestApp, connectorsTestApp, googlePerson } from './connectors.test-kit';
import { queueDailySyncs, windowsOf } from './sync.service';

type User = Awaited<ReturnType<typeof signUpUser>>;

/**
 * Syncs run as real jobs (pg-boss) against the stand-in Google holding 20 days of the demo's
 * figures. What a sync stored is compared row by row with the stand-in's own DuckDB, read
 * independently of the product's code.
 */
describe('Google sync jobs: backfill, quota backoff and resume, daily increments', {
  timeout: 120_000,
}, () => {
  let k: ConnectorsTestApp;
  beforeAll(async () => {
    k = await connectorsTestApp({ days: 20, env: { JOBS_ENABLED: 'true' } });
    const admin = await signInAdmin(k.t.app);
    await callEndpoint(k.t.app, putDynamicConfig, {
      params: { key: 'gads_enable' },
      body: { value: true },
      as: admin,
    });
    // A fresh database and the stand-in's data: slow only on a busy machine.
  }, 180_000);
  afterAll(() => k?.close(), 60_000);

  const status = async (user: User, service: GoogleService): Promise<ConnectorService> => {
    const all = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: user })).ok();
    const found = all.services.find((s) => s.service === service);
    if (!found) throw new Error(`no ${service}`);
    return found;
  };

  /** Polls the connectors page until the service's sync is no longer queued or running. */
  const settled = async (user: User, service: GoogleService, until: ConnectorService['sync']['status'][]) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const now = await status(user, service);
      if (until.includes(now.sync.status)) return now;
      if (Date.now() > deadline) throw new Error(`sync still ${now.sync.status}: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const teamRows = async (teamId: string, sql: string, params: (string | number)[]) =>
    (await k.t.platform.analytics.read({ kind: 'team', teamId }, sql, params))?.rows ?? [];

  /** Every row, in one order, with numbers rounded where JSON and doubles may differ in the last bit. */
  const normal = (rows: unknown[][]) =>
    rows.map((row) => row.map((cell) => (typeof cell === 'number' ? Math.round(cell * 1e6) / 1e6 : cell)));

  const bindAndChoose = async (owner: User, body: SelectedBody) => {
    (await bind(k, owner, { service_type: body.platform }, googlePerson())).ok();
    return (await callEndpoint(k.t.app, putIntegMetadataSelected, { body, as: owner })).ok();
  };

  it('a GA4 backfill reads up to two years in 30-day windows and stores exactly the stand-in rows, tagged with the property; the query model answers them as the team’s own', async () => {
    const owner = await signUpUser(k.t.app);
    const chosen = await bindAndChoose(owner, { platform: 'ga', selected: { property: DEMO_GA_PROPERTY } });
    expect(chosen.sync).toMatchObject({ status: 'queued', phase: 'backfill' });
    const done = await settled(owner, 'ga', ['succeeded', 'failed']);
    const yesterday = addDays(todayAt(0), -1);
    expect(done.sync).toMatchObject({
      status: 'succeeded',
      progress: 1,
      range: { start: addDays(yesterday, -729), end: yesterday },
    });
    expect(done.data_range).toEqual({ start: k.google.data.start, end: k.google.data.end });
    expect(done.freshness).toMatchObject({ state: 'fresh', complete_through: yesterday });

    const teamId = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok().team_id;
    const columns =
      'date::varchar, property, channel, country, device, landing_page, sessions, users, new_users, engaged_sessions, conversions, round(revenue, 2), source, medium, campaign, round(session_duration, 1)';
    const ours = await teamRows(teamId, `select ${columns} from ga_daily order by all`, []);
    const theirs = await k.google.data.rows(
      `select ${columns} from ga_daily where property = ? order by all`,
      [DEMO_ROWS.gaProperty],
    );
    expect(ours.length).toBe(theirs.length);
    expect(ours.length).toBeGreaterThan(20_000);
    expect(normal(ours)).toEqual(
      normal(theirs.map((row) => Object.values(row).map((v) => (typeof v === 'bigint' ? Number(v) : v)))),
    );
    // 25 windows; the only one with data took ceil(rows / 5000) pages.
    expect(windowsOf(addDays(yesterday, -729), yesterday)).toHaveLength(25);
    const reports = k.google.requests.filter((r) => r.api === 'runReport' && r.body.dimensions);
    expect(reports).toHaveLength(24 + Math.ceil(theirs.length / 5000));

    const answer = await callEndpoint(k.t.app, runAnalyticsQuery, {
      body: { source: 'ga', origin: 'team', metrics: ['sessions'], date_range: 'last_7_days' },
      as: owner,
    });
    const result = answer.ok();
    expect(result.freshness[0]).toMatchObject({
      demo: false,
      property: DEMO_GA_PROPERTY,
      complete_through: yesterday,
    });
    const [expected] = await k.google.data.rows(
      'select sum(sessions)::bigint as s from ga_daily where property = ? and date between ?::date and ?::date',
      [DEMO_ROWS.gaProperty, addDays(yesterday, -6), yesterday],
    );
    expect(result.rows[0]?.sessions).toBe(Number(expected?.s));

    // Users over a range are GA4's own total for it, not a silent sum of daily counts.
    const users = (
      await callEndpoint(k.t.app, runAnalyticsQuery, {
        body: {
          source: 'ga',
          origin: 'team',
          metrics: ['users'],
          date_range: 'last_7_days',
          compare: 'preceding',
        },
        as: owner,
      })
    ).ok();
    expect(users.columns.find((c) => c.key === 'users')?.unit).toBeNull();
    const [range] = await teamRows(
      teamId,
      "select value from _range_totals where source = 'ga' and metric = 'users' and start_date = ?::date and end_date = ?::date",
      [addDays(yesterday, -6), yesterday],
    );
    expect(users.rows[0]?.users).toBe(range?.[0]);
  });

  it('a sync stopped by a quota error (429 RESOURCE_EXHAUSTED) waits, then resumes from its cursor: no page read twice, no gaps, no duplicates', async () => {
    const owner = await signUpUser(k.t.app);
    const before = k.google.requests.length;
    // Two pages of the first window succeed, then Google says the property's tokens are spent.
    k.google.inject('runReport', 'quota', { after: 2, times: 1 });
    await bindAndChoose(owner, { platform: 'ga', selected: { property: DEMO_GA_PROPERTY } });
    const waiting = await settled(owner, 'ga', ['waiting', 'succeeded', 'failed']);
    expect(waiting.sync.status).toBe('waiting');
    expect(waiting.sync.next_attempt_at).not.toBeNull();
    expect(waiting.last_error?.message).toContain('RESOURCE_EXHAUSTED');
    expect(waiting.sync.rows).toBe(10_000);

    const done = await settled(owner, 'ga', ['succeeded', 'failed']);
    expect(done.sync.status).toBe('succeeded');
    expect(done.last_error).toBeNull();
    const offsets = k.google.requests
      .slice(before)
      .filter((r) => r.api === 'runReport' && r.body.dimensions)
      .map((r) => `${(r.body.dateRanges as { startDate: string }[])[0]?.startDate}@${r.body.offset}`);
    // The refused page is asked again once; every page that succeeded is never asked again.
    const firstWindow = offsets.filter((o) => o.endsWith('@0')).length;
    expect(offsets.slice(0, 4)).toEqual([
      offsets[0],
      expect.stringMatching(/@5000$/),
      expect.stringMatching(/@10000$/),
      expect.stringMatching(/@10000$/),
    ]);
    expect(new Set(offsets.slice(3)).size).toBe(offsets.length - 3);
    expect(firstWindow).toBe(25);

    const teamId = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok().team_id;
    const perDay =
      'select date::varchar, count(*)::int, sum(sessions)::bigint from ga_daily group by date order by date';
    const ours = await teamRows(teamId, perDay, []);
    const theirs = (
      await k.google.data.rows(perDay.replace('from ga_daily', 'from ga_daily where property = ?'), [
        DEMO_ROWS.gaProperty,
      ])
    ).map((row) => Object.values(row).map((v) => (typeof v === 'bigint' ? Number(v) : v)));
    expect(ours).toEqual(theirs);
    const duplicates = await teamRows(
      teamId,
      'select count(*) from (select date, channel, country, device, landing_page from ga_daily group by all having count(*) > 1)',
      [],
    );
    expect(duplicates[0]?.[0]).toBe(0);
  });

  it('Search Console and Ads backfills store the stand-in rows (Search Console through its last published day, Ads through the manager)', async () => {
    const owner = await signUpUser(k.t.app);
    await bindAndChoose(owner, { platform: 'gsc', selected: { siteUrl: DEMO_GSC_SITE } });
    await bindAndChoose(owner, {
      platform: 'gads',
      selected: { customer_hierarchy: [DEMO_ADS_MANAGER, DEMO_ADS_CUSTOMER] },
    });
    const gsc = await settled(owner, 'gsc', ['succeeded', 'failed']);
    const gads = await settled(owner, 'gads', ['succeeded', 'failed']);
    expect([gsc.sync.status, gads.sync.status]).toEqual(['succeeded', 'succeeded']);
    const lastPublished = addDays(todayAt(0), -GSC_LAG_DAYS);
    expect(gsc.freshness.complete_through).toBe(lastPublished);
    expect(gsc.data_range).toEqual({ start: k.google.data.start, end: lastPublished });

    const teamId = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok().team_id;
    const gscOurs = await teamRows(
      teamId,
      'select date::varchar, site, query, page, country, device, clicks, impressions from gsc_daily order by all',
      [],
    );
    const gscTheirs = await k.google.data.rows(
      `select date::varchar, ? as site, query, 'https://demo-store.example' || page, country, device, clicks, impressions
         from gsc_daily where site = ? and impressions > 0 and date <= ?::date order by all`,
      [DEMO_GSC_SITE, DEMO_ROWS.gscSite, lastPublished],
    );
    expect(gscOurs).toEqual(gscTheirs.map((row) => Object.values(row)));

    const adsColumns =
      'date::varchar, campaign, ad_group, keyword, device, network, impressions, clicks, cost_micros, conversions, conversion_value';
    const adsOurs = await teamRows(
      teamId,
      `select customer_id, ${adsColumns} from gads_daily order by all`,
      [],
    );
    const adsTheirs = await k.google.data.rows(
      `select ${adsColumns} from gads_daily where customer_id = ? order by all`,
      [DEMO_ROWS.gadsCustomer],
    );
    expect(adsOurs.length).toBe(adsTheirs.length);
    expect(normal(adsOurs)).toEqual(
      normal(
        adsTheirs.map((row) => [
          DEMO_ADS_CUSTOMER,
          ...Object.values(row).map((v) => (typeof v === 'bigint' ? Number(v) : v)),
        ]),
      ),
    );
    // Ads is asked through the manager, as Google requires for a client account.
    const stream = k.google.requests.filter((r) => r.api === 'searchStream');
    expect(stream.length).toBeGreaterThan(25);
  });

  it('the daily increment re-reads the last three days up to yesterday, and sync now answers a running sync as it is', async () => {
    const owner = await signUpUser(k.t.app);
    await bindAndChoose(owner, { platform: 'ga', selected: { property: DEMO_GA_PROPERTY } });
    await settled(owner, 'ga', ['succeeded']);
    const teamId = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok().team_id;
    const count = async () => (await teamRows(teamId, 'select count(*) from ga_daily', []))[0]?.[0];
    const rowsBefore = await count();

    const before = k.google.requests.length;
    expect(await queueDailySyncs(k.t.platform)).toBeGreaterThan(0);
    const queued = await status(owner, 'ga');
    const yesterday = addDays(todayAt(0), -1);
    expect(queued.sync).toMatchObject({
      phase: 'incremental',
      range: { start: addDays(yesterday, -2), end: yesterday },
    });
    const again = (
      await callEndpoint(k.t.app, postConnectorSync, { body: { service: 'ga' }, as: owner })
    ).ok();
    expect(['queued', 'running']).toContain(again.sync.status);
    const done = await settled(owner, 'ga', ['succeeded', 'failed']);
    expect(done.sync.status).toBe('succeeded');
    expect(await count()).toBe(rowsBefore);
    const incremental = k.google.requests
      .slice(before)
      .filter((r) => r.api === 'runReport' && r.body.dimensions);
    expect(incremental.length).toBeGreaterThan(0);
    for (const request of incremental) {
      expect(request.body.dateRanges).toEqual([{ startDate: addDays(yesterday, -2), endDate: yesterday }]);
    }
    // Then the users totals of the ranges it touched (those ending in the re-read days).
    const totals = k.google.requests.slice(before).filter((r) => r.api === 'runReport' && !r.body.dimensions);
    expect(totals.length).toBeGreaterThan(0);
    for (const request of totals) {
      const [range] = request.body.dateRanges as { endDate: string }[];
      expect((range?.endDate ?? '') >= addDays(yesterday, -2)).toBe(true);
    }
  });

  it('revoke removes the synced rows of the property unless another binding of the team still chooses it', async () => {
    const owner = await signUpUser(k.t.app);
    await bindAndChoose(owner, { platform: 'gsc', selected: { siteUrl: DEMO_GSC_SITE } });
    await settled(owner, 'gsc', ['succeeded']);
    const teamId = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok().team_id;
    const held = async () => (await teamRows(teamId, 'select count(*) from gsc_daily', []))[0]?.[0];
    expect(await held()).toBeGreaterThan(0);
    (await callEndpoint(k.t.app, postGoogleRevoke, { body: { service_types: ['gsc'] }, as: owner })).ok();
    expect(await held()).toBe(0);
    const labels = await teamRows(teamId, "select count(*) from _properties where source = 'gsc'", []);
    expect(labels[0]?.[0]).toBe(0);
    const rows = await k.t.platform.db.select().from(googleBindings).where(eq(googleBindings.teamId, teamId));
    expect(rows).toEqual([]);
  });
});
