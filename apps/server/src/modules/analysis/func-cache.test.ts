import { evictCache, listCaches } from '@app/contract/admin/caches/caches';
import { evictFuncCache, listFuncCache, updateFuncCache } from '@app/contract/admin/caches/func-cache';
import { listAnalysisRuns, runAnalysis } from '@app/contract/analysis/runs';
import { getMyCredits } from '@app/contract/billing/credits';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { STORE_TABLES } from '../analytics/store-schema';

/**
 * The function cache (issue 28 item 2): the same run on the same data answers from the cache for
 * 0 credits when the function's cache is on, misses once a sync rewrites the freshness, never
 * crosses teams, and empties on eviction.
 */

const FUNCTION = 'analysis.channel_performance';
const INPUTS = { period: { range: 'last_30_days' }, metrics: 'sessions;revenue' };

describe('function cache', () => {
  let t: TestApp;
  let admin: Caller;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    user = await signUpUser(t.app, { name: 'Cached' });
  });
  afterAll(() => t.close());

  const run = (as: Caller = user) =>
    callEndpoint(t.app, runAnalysis, {
      as,
      body: { function_key: FUNCTION, inputs: INPUTS, filters: [] } as never,
    });
  const balance = async (as: Caller = user) => (await callEndpoint(t.app, getMyCredits, { as })).ok().balance;
  const figures = async () =>
    (await callEndpoint(t.app, listFuncCache, { as: admin }))
      .ok()
      .items.find((f) => f.function_key === FUNCTION);
  const switchTo = (enabled: boolean, ttl_seconds = 600) =>
    callEndpoint(t.app, updateFuncCache, {
      as: admin,
      body: { function_key: FUNCTION, enabled, ttl_seconds },
    });

  it('is off by default: a second identical run is run again and charged', async () => {
    expect(await figures()).toMatchObject({ enabled: false, entries: 0, ttl_seconds: 3600 });
    const first = (await run()).ok();
    const before = await balance();
    const second = (await run()).ok();
    expect(first.cached).toBeUndefined();
    expect(second.cached).toBeUndefined();
    expect(second.run.credits).toBe(5);
    expect(before - (await balance())).toBe(5);
  });

  it('switched on (recorded), a second identical run is a hit: 0 credits, its age said, a run record kept', async () => {
    const res = await switchTo(true, 600);
    expect(res.ok().item).toMatchObject({ enabled: true, ttl_seconds: 600 });
    const [record] = await t.platform.db
      .select()
      .from(operationRecords)
      .where(and(eq(operationRecords.action, 'func_cache.update'), eq(operationRecords.targetId, FUNCTION)));
    expect(record?.after).toMatchObject({ enabled: true, ttl_seconds: 600 });

    const miss = (await run()).ok();
    expect(miss.cached).toBeUndefined();
    expect(miss.run.credits).toBe(5);
    const before = await balance();
    const runsBefore = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} as never })).ok()
      .total;
    const hit = (await run()).ok();
    expect(hit.cached?.age_seconds).toBeGreaterThanOrEqual(0);
    expect(hit.run).toMatchObject({ status: 'succeeded', credits: 0 });
    expect(hit.run.id).not.toBe(miss.run.id);
    expect(hit.run.parts).toEqual(miss.run.parts);
    expect(await balance()).toBe(before);
    const runsAfter = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} as never })).ok();
    expect(runsAfter.total).toBe(runsBefore + 1);
    expect(runsAfter.items[0]).toMatchObject({ id: hit.run.id, credits: 0 });
    expect(await figures()).toMatchObject({ enabled: true, entries: 1, hits: 1 });
    expect((await figures())?.newest_age_seconds).toBeGreaterThanOrEqual(0);
  });

  it("a sync's new freshness makes the next run miss", async () => {
    const teamId = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok().team.id;
    // As the sync does when a page of a property is written (sync-store.ts).
    await t.platform.analytics.write(
      teamId,
      async (connection) => {
        await connection.run(
          `insert or replace into _freshness values ('ga', 'properties/synced', now()::timestamp, current_date)`,
        );
      },
      { schema: STORE_TABLES },
    );
    const after = (await run()).ok();
    expect(after.cached).toBeUndefined();
    expect(after.run.credits).toBe(5);
    expect((await run()).ok().cached).toBeDefined();
  });

  it("another team never gets the first team's entry", async () => {
    const other = await signUpUser(t.app);
    const theirs = (await run(other)).ok();
    expect(theirs.cached).toBeUndefined();
    expect(theirs.run.credits).toBe(5);
  });

  it('joins the data-cache registry, and eviction (one function, or all) empties it', async () => {
    const listed = (await callEndpoint(t.app, listCaches, { as: admin })).ok();
    const entry = listed.items.find((item) => item.name === 'analysis:func-cache');
    expect(entry).toMatchObject({ backend: 'database', ttl_seconds: 600 });
    expect(entry?.entries).toBeGreaterThanOrEqual(2);

    const one = (
      await callEndpoint(t.app, evictFuncCache, { as: admin, body: { function_key: FUNCTION } })
    ).ok();
    expect(one.evicted).toBeGreaterThanOrEqual(2);
    expect((await figures())?.entries).toBe(0);
    expect((await run()).ok().cached).toBeUndefined();
    expect((await run()).ok().cached).toBeDefined();

    const all = (
      await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'analysis:func-cache' } })
    ).ok();
    expect(all.evicted).toBe(1);
    expect((await figures())?.entries).toBe(0);
    expect((await run()).ok().cached).toBeUndefined();

    expect((await callEndpoint(t.app, evictFuncCache, { as: admin, body: {} })).ok().evicted).toBe(1);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetType, 'func_cache'));
    expect(records.map((r) => r.action)).toEqual(
      expect.arrayContaining(['func_cache.update', 'func_cache.evict', 'func_cache.evict_all']),
    );
  });

  it('switched off, runs are not cached and its entries are gone; a wrong key or TTL is refused', async () => {
    (await run()).ok();
    expect((await switchTo(false)).ok().item).toMatchObject({ enabled: false, entries: 0 });
    expect((await run()).ok().cached).toBeUndefined();
    expect((await run()).ok().cached).toBeUndefined();
    const tooShort = await switchTo(true, 5);
    expect(Object.keys(tooShort.error().fields ?? {})).toEqual(['ttl_seconds']);
    const unknown = await callEndpoint(t.app, updateFuncCache, {
      as: admin,
      body: { function_key: 'analysis.nothing_here', enabled: true, ttl_seconds: 600 },
    });
    expect(Object.keys(unknown.error().fields ?? {})).toEqual(['function_key']);
    const forbidden = await callEndpoint(t.app, listFuncCache, { as: user });
    expect(forbidden.status).toBe(403);
  });
});
