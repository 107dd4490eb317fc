import { quickRange, todayAt } from '@app/contract/analytics/date-ranges';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web's own filter builder code, unchanged: what the page emits is what this test compiles.
import { emitFilterItems } from '../../../../web/src/widgets/filter-builder/emit-filter-items';
import type { FilterRow } from '../../../../web/src/widgets/filter-builder/filter-row';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type Cells = (string | number | null)[];

/**
 * The filter builder and the query model meet (issue 25, "compiled filters equal the emitted
 * items"): rows as a marketer leaves them in the builder (a blank row, spaces around a value, a
 * check list with a choice unticked, bounds typed backwards) go through the web's emitter into
 * the query model, and the figures equal the demo rows added up here under the same conditions.
 */
describe('filter builder rows through the query model', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  const range = quickRange('last_30_days', todayAt(0));

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const raw = async (sql: string, parameters: unknown[] = []): Promise<Cells[]> =>
    ((await t.platform.analytics.read({ kind: 'demo' }, sql, parameters))?.rows ?? []) as Cells[];
  const row = (over: Partial<FilterRow>): FilterRow => ({
    key: `row-${Math.random()}`,
    connect_pre_filter: 'and',
    field: null,
    type: null,
    operator: null,
    value: null,
    ...over,
  });

  it('a check list, a text match with stray spaces, a blank row and a range typed backwards: the rows the conditions name, summed as the query sums them', async () => {
    const rows: FilterRow[] = [
      row({ field: 'device', type: 'check_list', operator: 'in', value: ['mobile', 'tablet'] }),
      // Left blank: it filters nothing.
      row({ field: 'channel', type: 'option', operator: null, value: null }),
      row({ field: 'landing_page', type: 'str', operator: 'not_contains', value: '  blog ' }),
      row({ field: 'sessions', type: 'int', operator: 'between', value: [90_000_000, 5] }),
    ];
    const items = emitFilterItems(rows);
    expect(items).toEqual([
      { connect_pre_filter: 'and', field: 'device', operator: 'in', value: 'mobile;tablet' },
      { connect_pre_filter: 'and', field: 'landing_page', operator: 'not_contains', value: 'blog' },
      { connect_pre_filter: 'and', field: 'sessions', operator: 'between', value: '5;90000000' },
    ]);
    const answer = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: user,
        body: {
          source: 'ga',
          metrics: ['sessions'],
          dimensions: ['channel'],
          date_range: 'last_30_days',
          filters: items,
          limit: 50,
        },
      })
    ).ok();
    const expected = await raw(
      `select channel, sum(sessions) from ga_daily where date between ? and ?
         and device in ('mobile', 'tablet') and landing_page not like '%blog%'
       group by channel having sum(sessions) between 5 and 90000000`,
      [range.start, range.end],
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(Object.fromEntries(answer.rows.map((r) => [r.channel, r.sessions]))).toEqual(
      Object.fromEntries(expected.map(([channel, sessions]) => [channel, Number(sessions)])),
    );
  });

  it("'or' rows as the builder joins them: either condition keeps a row, the first row's connector is always 'and'", async () => {
    const rows: FilterRow[] = [
      // The first row's connector is not shown: whatever it holds, it joins nothing.
      row({ connect_pre_filter: 'or', field: 'channel', type: 'option', operator: 'eq', value: 'Email' }),
      row({ connect_pre_filter: 'or', field: 'channel', type: 'option', operator: 'eq', value: 'Referral' }),
    ];
    const items = emitFilterItems(rows);
    expect(items.map((item) => item.connect_pre_filter)).toEqual(['and', 'or']);
    const answer = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: user,
        body: {
          source: 'ga',
          metrics: ['sessions'],
          dimensions: ['channel'],
          date_range: 'last_30_days',
          filters: items,
        },
      })
    ).ok();
    const expected = await raw(
      `select channel, sum(sessions) from ga_daily where date between ? and ?
         and channel in ('Email', 'Referral') group by channel`,
      [range.start, range.end],
    );
    expect(expected).toHaveLength(2);
    expect(Object.fromEntries(answer.rows.map((r) => [r.channel, r.sessions]))).toEqual(
      Object.fromEntries(expected.map(([channel, sessions]) => [channel, Number(sessions)])),
    );
  });

  it("a check list left on 'all' emits nothing and filters nothing", async () => {
    const items = emitFilterItems([
      row({ field: 'device', type: 'check_list', operator: 'in', value: ['all'] }),
    ]);
    expect(items).toEqual([]);
    const answer = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: user,
        body: { source: 'ga', metrics: ['sessions'], date_range: 'last_30_days', filters: items },
      })
    ).ok();
    const expected = await raw('select sum(sessions) from ga_daily where date between ? and ?', [
      range.start,
      range.end,
    ]);
    expect(answer.rows[0]?.sessions).toBe(Number(expected[0]?.[0]));
  });
});
