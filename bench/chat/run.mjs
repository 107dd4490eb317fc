#!/usr/bin/env node
// `npm run bench:chat`: the assistant with no model configured (the offline analyst) over the
// demo, asked through the real endpoint (POST /api/chats/{id}/messages, via app.inject) as a user
// asks: each of a fixed list of 20 questions (10 English, 10 Chinese) asked BENCH_ROUNDS times,
// one at a time, each in a fresh chat. Answer time is from the request to the reply stream's end
// (the settled cost, its last frame). A warm-up first generates the demo and asks every question
// once. Runs on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local test
// server). Aim: p95 under 500 ms. Then, on the same app, the first token over the OpenAI-compatible
// stand-in: the server's added time to first token over the stand-in's own (first-token.mjs; aim:
// p95 under 15 ms added).
//   BENCH_ROUNDS (default 10), BENCH_FIRST_TOKEN_MESSAGES (default 200), BENCH_SKIP_PG=1,
//   BENCH_SKIP_PGLITE=1.
// Runs the TypeScript sources through tsx (no build needed). Each part of the bench is one entry
// of PARTS below, run on the same warmed app and user.
import { eq } from 'drizzle-orm';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { createTestApp, signUpUser } = await import('../../apps/server/src/test/test-app.ts');
const { callEndpoint, endpointUrl } = await import('../../apps/server/src/test/call-endpoint.ts');
const { createChat, sendChatMessage } = await import('@app/contract/chat/chats');
const { demoReady } = await import('../../apps/server/src/modules/analytics/analytics.service.ts');
const { adjust } = await import('../../apps/server/src/modules/credits/ledger.ts');
const { ensureTeamBilling } = await import('../../apps/server/src/modules/billing/subscription-lifecycle.ts');
const { teamMembers } = await import('../../apps/server/src/db/schema.ts');
const { rowOf } = await import('./rows.mjs');
const { firstToken } = await import('./first-token.mjs');

/** Questions of every kind the analyst answers (from analyst-questions.test.ts), half in Chinese. */
const QUESTIONS = [
  'sessions by channel, last 30 days vs the preceding period',
  'conversion rate by device last month vs last year',
  'top 5 landing pages by sessions this month so far',
  'revenue by month this year',
  'Search Console clicks and impressions by device, last 90 days',
  'CTR by query last month excluding brand',
  'ROAS by network over the last 30 days',
  'cost per conversion by campaign, mobile only, last 30 days',
  'weekly sessions over the last 90 days',
  'Search Console clicks beside GA4 sessions per page, last 30 days',
  '最近7天各渠道的会话数',
  '上个月各设备的转化率同比',
  '本月至今的收入是多少',
  '去年每月的新用户数',
  '最近30天会话数前5的着陆页',
  '上个月搜索词的点击量前5，不含品牌词',
  '今年的广告花费和ROAS按月',
  '最近30天仅移动端的会话数，较上一周期',
  '上个月各渠道的平均会话时长，环比',
  '最近30天各页面的Search Console点击量和GA4会话',
];

/**
 * What every part of the bench gets: the app with the demo generated, a user whose team has
 * credits for the whole run, and the calls a user makes.
 * @typedef {object} ChatBench
 * @property {string} kind the database ('PGlite' or 'PostgreSQL')
 * @property {import('../../apps/server/src/test/test-app.ts').TestApp} t
 * @property {Awaited<ReturnType<typeof signUpUser>>} user
 * @property {() => Promise<string>} newChat a fresh chat's id
 * @property {(chatId: string, text: string) => Promise<Answer>} ask one question, answered in full
 * @property {() => string} clientAddress a new client address for a request
 */

/** @typedef {{ ms: number, body: string }} Answer */

/**
 * A part of the bench: measures on the warmed app and answers the rows of its table, the first
 * row being all of it (held to `aimP95Ms` when the part has one).
 * @typedef {{ name: string, aimP95Ms?: number, run: (bench: ChatBench) => Promise<Row[]> }} Part
 * @typedef {import('./rows.mjs').Row} Row
 */

/** @type {Part} */
const answerTime = {
  name: `offline answer time, ${QUESTIONS.length} questions x ${ROUNDS} rounds, one at a time`,
  aimP95Ms: 500,
  async run(bench) {
    /** @type {number[]} */
    const english = [];
    /** @type {number[]} */
    const chinese = [];
    /** @type {Map<string, number[]>} */
    const byQuestion = new Map();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const question of QUESTIONS) {
        const { ms } = await bench.ask(await bench.newChat(), question);
        (/[\u4e00-\u9fff]/.test(question) ? chinese : english).push(ms);
        byQuestion.set(question, [...(byQuestion.get(question) ?? []), ms]);
      }
    }
    const slowest = [...byQuestion.entries()]
      .map(([question, times]) => rowOf(`slowest (by median): ${question}`, times))
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 3);
    return [
      rowOf('all', [...english, ...chinese]),
      rowOf('English', english),
      rowOf('Chinese', chinese),
      ...slowest,
    ];
  },
};

// Each part runs after the one before it on the same app.
/** @type {Part[]} */
const PARTS = [answerTime, firstToken];

/** @param {string} kind @returns {Promise<ChatBench & { close: () => Promise<void> }>} */
async function benchApp(kind) {
  // Behind a trusted proxy: a part that calls the listening app over HTTP names its client in
  // X-Forwarded-For (every request comes from 127.0.0.1).
  const t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', TRUST_PROXY: 'true' });
  const user = await signUpUser(t.app, { name: 'Bench' });
  const [member] = await t.platform.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.userId));
  if (!member) throw new Error('the new user has no team');
  const teamId = member.teamId;
  await ensureTeamBilling(t.platform.db, teamId);
  await t.platform.db.transaction((tx) =>
    adjust(tx, teamId, 1_000_000, { referenceType: 'admin', referenceId: null, note: 'bench' }),
  );

  let address = 0;
  // The route allows 60 messages a minute per client address: each request is its own client.
  const clientAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };
  const newChat = async () => (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat.id;
  let sent = 0;
  /** @param {string} chatId @param {string} text @returns {Promise<Answer>} */
  const ask = async (chatId, text) => {
    sent += 1;
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(sendChatMessage, { params: { id: chatId } }),
      headers: user.auth,
      payload: { id: `bench-${sent}-${Date.now().toString(36)}`, text },
      remoteAddress: clientAddress(),
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200 || !res.body.includes('"status":"done"')) {
      throw new Error(`"${text}" answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    }
    return { ms, body: res.body };
  };

  const t0 = performance.now();
  await demoReady(t.platform);
  const demoSeconds = (performance.now() - t0) / 1000;
  for (const question of QUESTIONS) await ask(await newChat(), question);
  console.log(
    `${kind}: demo generated in ${demoSeconds.toFixed(1)} s, warm-up (each question once) in ${((performance.now() - t0) / 1000 - demoSeconds).toFixed(1)} s`,
  );
  return { kind, t, user, newChat, ask, clientAddress, close: () => t.close() };
}

/** @param {string} kind */
async function run(kind) {
  const bench = await benchApp(kind);
  try {
    for (const part of PARTS) {
      const rows = await part.run(bench);
      console.log(`\n${kind}, ${part.name}:`);
      console.log(
        `  ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
      );
      for (const row of rows) {
        console.log(
          `  ${String(row.count).padStart(5)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)} ${row.max.toFixed(1).padStart(8)}  ${row.label}`,
        );
      }
      const all = rows[0];
      if (part.aimP95Ms !== undefined && all) {
        console.log(`  p95 ${all.p95 <= part.aimP95Ms ? 'within' : 'ABOVE'} the ${part.aimP95Ms} ms aim`);
      }
    }
  } finally {
    await bench.close();
  }
}

console.log(`chat bench: node ${process.version}, ${ROUNDS} rounds`);
try {
  if (!process.env.BENCH_SKIP_PGLITE) {
    delete process.env.TEST_DATABASE_URL;
    await run('PGlite');
  }
  if (!process.env.BENCH_SKIP_PG) {
    process.env.TEST_DATABASE_URL = PG_URL;
    await run('PostgreSQL');
  }
} catch (error) {
  console.error(`bench:chat failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
}
