#!/usr/bin/env node
// `npm run bench:credits`: reserve + settle per second through the credit service every AI call
// uses, on one team (every call contends for one balance row) and across 100 teams, on the
// embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local test server). After
// each run the balance is checked against what must remain and against its ledger.
//   BENCH_CALLS (default 2000), BENCH_CONCURRENCY (default 50), BENCH_SKIP_PG=1, BENCH_SKIP_PGLITE=1.
// Runs the TypeScript sources through tsx (no build needed).
import { eq, sql } from 'drizzle-orm';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { createTestApp, signUpUser } = await import('../../apps/server/src/test/test-app.ts');
const { reserveCredits, settleCredits } = await import(
  '../../apps/server/src/modules/credits/credits.service.ts'
);
const { adjust } = await import('../../apps/server/src/modules/credits/ledger.ts');
const { ensureTeamBilling } = await import('../../apps/server/src/modules/billing/subscription-lifecycle.ts');
const { ledgerSum } = await import('../../apps/server/src/modules/credits/credits.repo.ts');
const { teamCredits, teamMembers } = await import('../../apps/server/src/db/schema.ts');

/** Runs `count` tasks with at most `width` in flight. @param {number} count @param {number} width @param {(i: number) => Promise<void>} task */
async function pool(count, width, task) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, count) }, async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  });
  await Promise.all(lanes);
}

/** @typedef {import('../../apps/server/src/test/test-app.ts').TestApp} TestApp */
/** @typedef {{ teamId: string, userId: string }} BenchTeam */

/** @param {TestApp} t @param {number} n @param {number} creditsEach @returns {Promise<BenchTeam[]>} */
async function makeTeams(t, n, creditsEach) {
  const teams = [];
  for (let i = 0; i < n; i += 1) {
    const user = await signUpUser(t.app);
    const [member] = await t.platform.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, user.userId));
    if (!member) throw new Error('the new user has no team');
    const teamId = member.teamId;
    await ensureTeamBilling(t.platform.db, teamId);
    await t.platform.db.transaction((tx) =>
      adjust(tx, teamId, creditsEach, { referenceType: 'admin', referenceId: null, note: 'bench' }),
    );
    teams.push({ teamId, userId: user.userId });
  }
  return teams;
}

/** @param {TestApp} t @param {string} teamId */
async function balance(t, teamId) {
  const [row] = await t.platform.db.select().from(teamCredits).where(eq(teamCredits.teamId, teamId));
  if (!row) throw new Error(`no credit balance for team ${teamId}`);
  return row;
}

/**
 * @param {TestApp} t @param {string} label @param {BenchTeam[]} teams
 * @param {number} [oversizedEvery] every Nth call asks more than the team holds (refused, and
 *   nothing else may be refused with it: each reservation of a batch is judged on its own)
 */
async function scenario(t, label, teams, oversizedEvery = 0) {
  const start = new Map();
  for (const team of teams) start.set(team.teamId, (await balance(t, team.teamId)).balance);
  const isOversized = (/** @type {number} */ i) =>
    oversizedEvery > 0 && i % oversizedEvery === oversizedEvery - 1;
  let refused = 0;
  let wronglyRefused = 0;
  const t0 = performance.now();
  await pool(CALLS, CONCURRENCY, async (i) => {
    const team = teams[i % teams.length];
    if (!team) throw new Error('no team to bill');
    const estimate = isOversized(i) ? (start.get(team.teamId) ?? 0) + 1 : 3;
    let held;
    try {
      held = await reserveCredits(t.platform, team, { functionKey: 'chat', estimate });
    } catch (error) {
      refused += 1;
      if (!isOversized(i)) wronglyRefused += 1;
      if (!(error instanceof Error) || !('code' in error) || error.code !== 'INSUFFICIENT_CREDITS')
        throw error;
      return;
    }
    await settleCredits(t.platform, held, { credits: 2, model: 'bench', inputTokens: 100, outputTokens: 50 });
  });
  const seconds = (performance.now() - t0) / 1000;
  let exact = wronglyRefused === 0;
  for (const team of teams) {
    const row = await balance(t, team.teamId);
    const index = teams.indexOf(team);
    let calls = 0;
    for (let i = index; i < CALLS; i += teams.length) if (!isOversized(i)) calls += 1;
    const expected = (start.get(team.teamId) ?? 0) - calls * 2;
    if (row.balance !== expected || row.held !== 0) exact = false;
    if ((await ledgerSum(t.platform.db, team.teamId)) !== row.balance) exact = false;
  }
  return {
    label,
    calls: CALLS,
    refused,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(CALLS / seconds),
    exact,
  };
}

/** @param {string} kind */
async function run(kind) {
  const t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000' });
  try {
    const one = await makeTeams(t, 1, CALLS * 3);
    const another = await makeTeams(t, 1, CALLS * 3);
    const many = await makeTeams(t, 100, CALLS * 3);
    // One warm-up pass so both scenarios run on a warm cache and planner.
    const first = one[0];
    if (!first) throw new Error('no team to warm up');
    await pool(100, 10, async () => {
      const held = await reserveCredits(t.platform, first, { functionKey: 'chat', estimate: 1 });
      await settleCredits(t.platform, held, { credits: 0 });
    });
    const results = [
      await scenario(t, 'one team', one),
      await scenario(t, 'one team, every 10th oversized', another, 10),
      await scenario(t, '100 teams', many),
    ];
    for (const r of results) {
      console.log(
        `${kind.padEnd(10)} ${r.label.padEnd(31)} ${String(r.calls).padStart(6)} calls (${String(r.refused).padStart(4)} refused) in ${String(r.seconds).padStart(6)} s = ${String(r.perSecond).padStart(6)}/s  balance exact: ${r.exact}`,
      );
    }
    return results;
  } finally {
    await t.close();
  }
}

console.log(
  `credits bench: ${CALLS} reserve+settle pairs, ${CONCURRENCY} in flight, node ${process.version}`,
);
if (!process.env.BENCH_SKIP_PGLITE) {
  delete process.env.TEST_DATABASE_URL;
  await run('PGlite');
}
if (!process.env.BENCH_SKIP_PG) {
  process.env.TEST_DATABASE_URL = PG_URL;
  await run('PostgreSQL');
}
void sql;
