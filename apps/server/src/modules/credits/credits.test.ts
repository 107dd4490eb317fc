import { adjustCredits, getMyCredits, listMyCreditLedger } from '@app/contract/billing/credits';
import { getMyUsage, listMyUsageLogs } from '@app/contract/billing/usage';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, usageLogs } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { balanceOf, ledgerExplains, teamIdOf } from '../billing/billing.test-kit';
import {
  keepReservationAlive,
  LIVE_LEASE_SECONDS,
  NOT_IN_PLAN,
  type Reservation,
  releaseCredits,
  releaseExpiredReservations,
  reserveCredits,
  settleCredits,
  withCredits,
} from './credits.service';

/**
 * The credit service every AI call uses, on a real database: reserve, settle, release, under
 * heavy concurrency. The balance never goes negative, nothing is charged twice, and the ledger
 * explains every balance.
 */
describe('credits: reserve, settle, release', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A new user whose team holds exactly `credits` (the free grant plus an adjustment). */
  async function teamWith(credits: number) {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const { balance } = await balanceOf(t, teamId);
    if (credits !== balance) {
      (
        await callEndpoint(t.app, adjustCredits, {
          as: admin,
          params: { team_id: teamId },
          body: { amount: credits - balance, reason: 'test set-up' },
        })
      ).ok();
    }
    expect((await balanceOf(t, teamId)).balance).toBe(credits);
    return { user, teamId, caller: { teamId, userId: user.userId } };
  }

  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('a new team starts on the free plan with its grant, shown in basic infos as balance, held, granted and the period', async () => {
    const user = await signUpUser(t.app);
    const infos = await t.app.inject({ url: '/api/user/basic-infos', headers: user.auth });
    const quota = infos.json().usm_quota;
    expect(quota).toMatchObject({
      plan_key: 'free',
      credits_balance: 100,
      credits_granted: 100,
      credits_held: 0,
      credits_available: 100,
      expire_time: null,
    });
    expect(quota.period_end - quota.period_start).toBeGreaterThanOrEqual(28 * 86400);
    const credits = (await callEndpoint(t.app, getMyCredits, { as: user })).ok();
    expect(credits).toMatchObject({
      balance: 100,
      held: 0,
      available: 100,
      granted: 100,
      granted_remaining: 100,
    });
  });

  it('reserve is refused with INSUFFICIENT_CREDITS and msg_limit { required, balance } when the free balance cannot cover it', async () => {
    const { caller, teamId } = await teamWith(50);
    const held = await reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 30 });
    const error = await refusal(reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 21 }));
    expect(error.code).toBe('INSUFFICIENT_CREDITS');
    // The balance not already held by the first call: 50 - 30.
    expect(error.extras.msg_limit).toEqual({ required: 21, balance: 20 });
    await releaseCredits(t.platform, held);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 50, held: 0 });
  });

  it('a function the plan does not allow is FORBIDDEN with an upgrade message, whatever the balance', async () => {
    const { caller } = await teamWith(1000);
    const error = await refusal(reserveCredits(t.platform, caller, { functionKey: 'ai_table', estimate: 1 }));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe(NOT_IN_PLAN);
    // An area allows its functions: the free plan's `chat` covers `chat.summary`.
    const held = await reserveCredits(t.platform, caller, { functionKey: 'chat.summary', estimate: 1 });
    await releaseCredits(t.platform, held);
  });

  it('settle charges the real cost, writes one usage entry and one usage log (user, function, model, tokens, credits, latency)', async () => {
    const { caller, teamId, user } = await teamWith(100);
    const held = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 20,
      model: 'offline',
    });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 100, held: 20 });
    const done = await settleCredits(t.platform, held, {
      credits: 12,
      inputTokens: 300,
      outputTokens: 120,
      latencyMs: 850,
    });
    expect(done).toMatchObject({ charged: 12, uncharged: 0, balance: 88, held: 0, repeated: false });
    // Settling again (a retry) changes nothing.
    expect(await settleCredits(t.platform, held, { credits: 12 })).toMatchObject({
      charged: 12,
      repeated: true,
    });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 88, held: 0 });
    const logs = (await callEndpoint(t.app, listMyUsageLogs, { as: user })).ok();
    expect(logs.items).toHaveLength(1);
    expect(logs.items[0]).toMatchObject({
      function_key: 'chat',
      model: 'offline',
      input_tokens: 300,
      output_tokens: 120,
      credits: 12,
      latency_ms: 850,
      status: 'settled',
      user: { id: user.userId },
    });
    const ledger = (
      await callEndpoint(t.app, listMyCreditLedger, {
        as: user,
        query: { filters: JSON.stringify([{ field: 'kind', operator: 'eq', value: 'usage' }]) },
      })
    ).ok();
    expect(ledger.items.map((entry) => [entry.amount, entry.balance_after])).toEqual([[-12, 88]]);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a cost above the estimate is charged only as far as the free balance goes: never below zero, the rest recorded as uncharged', async () => {
    const { caller, teamId } = await teamWith(10);
    const held = await reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 8 });
    const done = await settleCredits(t.platform, held, { credits: 25 });
    expect(done).toMatchObject({ charged: 10, uncharged: 15, balance: 0 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('release gives the hold back; a released reservation cannot be settled later', async () => {
    const { caller, teamId } = await teamWith(40);
    const held = await reserveCredits(t.platform, caller, { functionKey: 'analysis', estimate: 40 });
    expect(await releaseCredits(t.platform, held)).toBe(true);
    expect(await releaseCredits(t.platform, held)).toBe(false);
    expect((await refusal(settleCredits(t.platform, held, { credits: 5 }))).code).toBe('CONFLICT');
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 40, held: 0 });
  });

  it('withCredits settles what the work used and releases when the work throws', async () => {
    const { caller, teamId } = await teamWith(30);
    const ok = await withCredits(t.platform, caller, { functionKey: 'chat', estimate: 10 }, async () => ({
      result: 'answer',
      usage: { credits: 4, model: 'offline' },
    }));
    expect(ok).toMatchObject({ result: 'answer', settlement: { charged: 4, balance: 26 } });
    await expect(
      withCredits(t.platform, caller, { functionKey: 'chat', estimate: 10 }, async () => {
        throw new Error('model down');
      }),
    ).rejects.toThrow('model down');
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 26, held: 0 });
  });

  it("a crashed process's reservation is released by the job once its lease runs out, not before", async () => {
    const { caller, teamId } = await teamWith(50);
    await reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 20, leaseSeconds: 60 });
    expect(await releaseExpiredReservations(t.platform, new Date())).toBe(0);
    expect((await balanceOf(t, teamId)).held).toBe(20);
    // The process "crashed": nobody settles. A minute later the job gives the credits back.
    expect(
      await releaseExpiredReservations(t.platform, new Date(Date.now() + 61_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 50, held: 0 });
  });

  it('1,000 parallel reserve-and-settle calls on one team, settlement held back: the admitted count is what the balance covers, the final balance is exact and never negative', async () => {
    const { caller, teamId } = await teamWith(1000);
    const ESTIMATE = 3;
    const COST = 2;
    const started = performance.now();
    // Every call reserves at once; the provider's answers (the settlements) are held back until
    // all of them have tried.
    const attempts = await Promise.all(
      Array.from({ length: 1000 }, () =>
        reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: ESTIMATE }).catch(
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') return null;
            throw error;
          },
        ),
      ),
    );
    const held = attempts.filter((attempt): attempt is Reservation => attempt !== null);
    expect((await balanceOf(t, teamId)).held).toBe(held.length * ESTIMATE);
    const outcomes = [
      ...(await Promise.all(held.map((one) => settleCredits(t.platform, one, { credits: COST })))).map(
        () => 'settled',
      ),
      ...attempts.filter((attempt) => attempt === null).map(() => 'refused'),
    ];
    const admitted = outcomes.filter((outcome) => outcome === 'settled').length;
    expect(admitted).toBe(Math.floor(1000 / ESTIMATE));
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(1000 - admitted);
    const row = await balanceOf(t, teamId);
    expect(row).toMatchObject({ balance: 1000 - admitted * COST, held: 0 });
    const [lowest] = await t.platform.db
      .select({ min: sql<string>`min(${creditLedger.balanceAfter})` })
      .from(creditLedger)
      .where(eq(creditLedger.teamId, teamId));
    expect(Number(lowest?.min)).toBeGreaterThanOrEqual(0);
    const [logged] = await t.platform.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageLogs)
      .where(eq(usageLogs.teamId, teamId));
    expect(logged?.n).toBe(admitted);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    // Bounded: the suite runs on 2 cores in CI.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('reserves and settles racing on a nearly spent balance: every refusal is INSUFFICIENT_CREDITS, never a server error, and the books are exact', async () => {
    const { caller, teamId } = await teamWith(200);
    const outcomes = new Map<string, number>();
    let next = 0;
    // 50 in flight, every tenth asking more than the team holds: reserves and settles of one team
    // run side by side on PostgreSQL's pool (a settle's change lands while a reserve waits for it).
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 1500) {
          const i = next;
          next += 1;
          let outcome = 'settled';
          try {
            const held = await reserveCredits(t.platform, caller, {
              functionKey: 'chat',
              estimate: i % 10 === 9 ? 201 : 3,
            });
            await settleCredits(t.platform, held, { credits: 2 });
          } catch (error) {
            outcome = error instanceof AppError ? error.code : String(error);
          }
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    expect([...outcomes.keys()].sort()).toEqual(['INSUFFICIENT_CREDITS', 'settled']);
    const settled = outcomes.get('settled') ?? 0;
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 200 - settled * 2, held: 0 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('costs above their estimates, settled all at once, share only the free balance: it ends at zero, never below', async () => {
    const { caller, teamId } = await teamWith(100);
    const held = await Promise.all(
      Array.from({ length: 40 }, () =>
        reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 2 }),
      ),
    );
    // 80 held, 20 free; each call really cost 5: 2 from its hold, 3 more from the free 20 while they last.
    const done = await Promise.all(held.map((one) => settleCredits(t.platform, one, { credits: 5 })));
    expect(done.reduce((sum, one) => sum + one.charged, 0)).toBe(100);
    expect(done.reduce((sum, one) => sum + one.uncharged, 0)).toBe(100);
    expect(done.every((one) => one.charged >= 2 && one.charged <= 5)).toBe(true);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 0, held: 0 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('each reservation of a group-committed batch is judged on its own: one oversized estimate among 99 one-credit ones, on 1,100 free credits, refuses only itself', async () => {
    const { caller, teamId } = await teamWith(1100);
    // The 51st asks 1,051: after the 50 before it, that is one more than is free.
    const estimates = Array.from({ length: 100 }, (_, i) => (i === 50 ? 1051 : 1));
    const outcomes = await Promise.all(
      estimates.map((estimate) =>
        reserveCredits(t.platform, caller, { functionKey: 'chat', estimate }).then(
          () => 'held',
          (error: unknown) => (error instanceof AppError ? error.code : 'thrown'),
        ),
      ),
    );
    expect(outcomes.filter((outcome, i) => i !== 50 && outcome === 'held')).toHaveLength(99);
    expect(outcomes[50]).toBe('INSUFFICIENT_CREDITS');
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 1100, held: 99 });
  });

  it('two concurrent settles of one reservation: one charges and says so, the other says it repeated; charged once', async () => {
    const { caller, teamId } = await teamWith(100);
    const held = await reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 10 });
    const other = await reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 1 });
    // The other settle goes first and alone; the two of `held` wait for it and go together.
    const [, ...answers] = await Promise.all([
      settleCredits(t.platform, other, { credits: 1 }),
      settleCredits(t.platform, held, { credits: 7 }),
      settleCredits(t.platform, held, { credits: 7 }),
    ]);
    expect(answers.map((answer) => answer.repeated).sort()).toEqual([false, true]);
    expect(answers.map((answer) => answer.charged)).toEqual([7, 7]);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 92, held: 0 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a key holds once: a retried reserve with the same key (after it, or at the same time) gets the first hold back, never a second', async () => {
    const { caller, teamId } = await teamWith(100);
    const first = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 10,
      key: 'msg-1',
    });
    expect(first.reused).toBeNull();
    const retried = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 10,
      key: 'msg-1',
    });
    expect(retried).toMatchObject({ id: first.id, reused: 'held', amount: 10 });
    expect((await balanceOf(t, teamId)).held).toBe(10);

    // Twenty sends of one message at once, beside other messages: one hold for the message.
    const together = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 5, key: 'msg-2' }),
      ),
      reserveCredits(t.platform, caller, { functionKey: 'chat', estimate: 5, key: 'msg-3' }),
    ]);
    expect(new Set(together.slice(0, 20).map((one) => one.id)).size).toBe(1);
    expect(together.slice(0, 20).filter((one) => one.reused === null)).toHaveLength(1);
    expect((await balanceOf(t, teamId)).held).toBe(20);

    // Settled, a retry gets the settled hold (settling it again changes nothing)...
    await settleCredits(t.platform, first, { credits: 4 });
    const afterSettle = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 10,
      key: 'msg-1',
    });
    expect(afterSettle).toMatchObject({ id: first.id, reused: 'settled' });
    expect((await settleCredits(t.platform, afterSettle, { credits: 4 })).repeated).toBe(true);
    // ...while a released hold frees its key: the retry of failed work holds anew.
    const msg3 = together[20] as Reservation;
    await releaseCredits(t.platform, msg3);
    const again = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 5,
      key: 'msg-3',
    });
    expect(again.reused).toBeNull();
    expect(again.id).not.toBe(msg3.id);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 96, held: 10 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a live hold is renewed while its work runs and freed soon after its process stops renewing it', async () => {
    const { caller, teamId } = await teamWith(50);
    const held = await reserveCredits(t.platform, caller, {
      functionKey: 'chat',
      estimate: 20,
      leaseSeconds: 2,
    });
    const stop = keepReservationAlive(t.platform, held, 2);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Past its first lease, still held: it was renewed.
    expect(await releaseExpiredReservations(t.platform, new Date())).toBe(0);
    expect((await balanceOf(t, teamId)).held).toBe(20);
    // The process "crashed": nothing renews it, and one lease later the job frees the credits.
    stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await releaseExpiredReservations(t.platform, new Date())).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 50, held: 0 });
    // A reply's lease is a minute: with the job running every minute, freed within about two.
    expect(LIVE_LEASE_SECONDS).toBeLessThanOrEqual(60);
  });

  it('/account/usage shows credits per day (every day of the range), by function and by member', async () => {
    const { caller, user } = await teamWith(100);
    for (const [functionKey, credits] of [
      ['chat', 5],
      ['chat', 7],
      ['analysis', 3],
    ] as const) {
      const held = await reserveCredits(t.platform, caller, { functionKey, estimate: 10 });
      await settleCredits(t.platform, held, { credits });
    }
    const usage = (await callEndpoint(t.app, getMyUsage, { as: user })).ok();
    expect(usage.by_day).toHaveLength(30);
    expect(usage.total_credits).toBe(15);
    expect(usage.by_day.reduce((sum, day) => sum + day.credits, 0)).toBe(15);
    expect(usage.by_function).toEqual([
      { function_key: 'chat', credits: 12, calls: 2 },
      { function_key: 'analysis', credits: 3, calls: 1 },
    ]);
    expect(usage.by_member).toEqual([
      { user_id: user.userId, username: expect.any(String), credits: 15, calls: 3 },
    ]);
    const bad = await callEndpoint(t.app, getMyUsage, { as: user, query: { start: '2026-02-30' } });
    expect(bad.error()).toMatchObject({ error_code: 'VALIDATION_ERROR' });
  });

  it('the ledger is append-only: the database refuses to change or remove an entry', async () => {
    const { teamId } = await teamWith(100);
    await expect(
      t.platform.db.update(creditLedger).set({ amount: 1_000_000 }).where(eq(creditLedger.teamId, teamId)),
    ).rejects.toThrow();
    await expect(t.platform.db.delete(creditLedger).where(eq(creditLedger.teamId, teamId))).rejects.toThrow();
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });
});
