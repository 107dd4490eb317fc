import { updatePlan } from '@app/contract/billing/plans';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { planId } from '../billing/billing.test-kit';

/**
 * Basic infos is asked on every page and by every open tab: a warm call makes no database round
 * trip. What it shows still changes the moment the database does, whichever code or instance
 * wrote it: the quota (plan, credits, storage used) is kept with the sessions and dropped by the
 * database's own change notifications.
 */
describe('basic infos without a round trip', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const infos = async () => (await callEndpoint(t.app, getBasicInfos, { as: user })).ok();

  /** Statements sent to the database while `work` runs. */
  const roundTrips = async (work: () => Promise<unknown>) => {
    const before = t.platform.database.queryCount();
    await work();
    return t.platform.database.queryCount() - before;
  };

  it('a warm call reads nothing from the database', async () => {
    await infos();
    await infos();
    expect(await roundTrips(infos)).toBe(0);
    // The counter counts: a cold session reads again.
    t.platform.sessions.clear();
    expect(await roundTrips(infos)).toBeGreaterThan(0);
  });

  it('credits, storage and the plan written anywhere show on the next call', async () => {
    const first = await infos();
    const teamId = first.team.id;
    // Written as another instance would: straight to the database, not through this one's services.
    await t.platform.db.execute(sql`update team_credits set balance = balance + 5 where team_id = ${teamId}`);
    await t.platform.db.execute(
      sql`insert into team_storage (team_id, used_bytes) values (${teamId}, 4096)
          on conflict (team_id) do update set used_bytes = 4096`,
    );
    await t.platform.changes.settle();
    const second = await infos();
    expect(second.usm_quota.credits_balance).toBe(first.usm_quota.credits_balance + 5);
    expect(second.usm_quota.storage_used_bytes).toBe(4096);
    expect(await roundTrips(infos)).toBe(0);

    // A plan's quota changes for every team on it.
    const admin = await signInAdmin(t.app);
    const free = await planId(t, 'free');
    (
      await callEndpoint(t.app, updatePlan, {
        as: admin,
        params: { id: free },
        body: { storage_quota_bytes: 123_456_789 },
      })
    ).ok();
    expect((await infos()).usm_quota.storage_limit_bytes).toBe(123_456_789);
  });
});
