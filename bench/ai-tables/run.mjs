#!/usr/bin/env node
// `npm run bench:ai-tables` (issue 25, benchmark): an ad-copy AI column over BENCH_CELLS (default
// 10,000) rows, written by the OpenAI-compatible stand-in (apps/server/src/test/openai-stand-in)
// set in the vault as an admin sets it, the stand-in answering each cell after a fixed
// BENCH_LATENCY_MS (default 100) as a model would. The column runs as the job runs it
// (`runColumn`), BENCH_CONCURRENCY (default 16) cells at a time: every cell holds its price under
// its own key, is written, settled and counted, as in the product. Prints cells per second, the
// stand-in's latency beside the server's overhead per cell (wall time × concurrency / cells −
// latency: everything the server adds to a cell: the hold, the row read, the model call's own
// client work, the write, the settlement, the counts, the progress), and the process's memory at
// each tenth of the run, after a full collection (--expose-gc), so it is what is live: flat in
// rows, as cells are claimed a batch at a time and never all loaded.
// Side by side, first: the same calls sent straight to the stand-in, as many at once, in the same
// batches; the overhead is the product's time less the stand-in's alone, per cell.
// The rows are put in directly (a table of BENCH_CELLS keywords): the bench measures the run.
// Aim: overhead under 5 ms a cell. Runs on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';

const CELLS = Number(process.env.BENCH_CELLS ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MODEL = 'bench-ad-writer';

const { createTestApp, signUpUser, signInAdmin } = await import('../../apps/server/src/test/test-app.ts');
const { callEndpoint } = await import('../../apps/server/src/test/call-endpoint.ts');
const { saveForeignKey } = await import('@app/contract/admin/foreign-keys/foreign-keys');
const { addAiColumn, runAiColumn, getAiTable } = await import('@app/contract/ai-tables/tables');
const { upsertModelPrice } = await import('../../apps/server/src/modules/credits/prices.repo.ts');
const { adjust } = await import('../../apps/server/src/modules/credits/ledger.ts');
const { ensureTeamBilling } = await import('../../apps/server/src/modules/billing/subscription-lifecycle.ts');
const { runColumn } = await import('../../apps/server/src/modules/ai-tables/column-runs.ts');
const { startOpenAiStandIn, textOf } = await import(
  '../../apps/server/src/test/openai-stand-in/openai-stand-in.ts'
);
const schema = await import('../../apps/server/src/db/schema.ts');

const t = await createTestApp();
const llm = await startOpenAiStandIn({
  models: [MODEL],
  // Each cell's ad, made from the keyword in the prompt, after the model's fixed latency.
  turns: (request) => {
    const prompt = textOf(request.messages.at(-1) ?? { role: 'user', content: '' });
    const keyword = prompt.replace(/^Write a search ad for /, '').slice(0, 25);
    return {
      delayMs: LATENCY_MS,
      text: JSON.stringify({
        displayUrl: 'www.example.com',
        paths: ['shoes', 'sale'],
        headlines: [keyword, 'Official Site', 'Free Shipping'],
        descriptions: [`Shop ${keyword} today.`, 'Easy returns and fast delivery.'],
      }),
      usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 },
    };
  },
});

try {
  const admin = await signInAdmin(t.app);
  await t.platform.db.transaction((tx) =>
    upsertModelPrice(tx, { model: MODEL, inputPerMillion: 1000, outputPerMillion: 4000 }),
  );
  await t.platform.changes.settle();
  (
    await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'llm_openai_compatible' },
      body: { values: { base_url: llm.url, api_key: llm.apiKey ?? '', model: MODEL } },
    })
  ).ok();

  const user = await signUpUser(t.app, { name: 'Bench' });
  const [member] = await t.platform.db
    .select()
    .from(schema.teamMembers)
    .where(eq(schema.teamMembers.userId, user.userId));
  if (!member) throw new Error('the new user has no team');
  const teamId = member.teamId;
  await ensureTeamBilling(t.platform.db, teamId);
  await t.platform.db.transaction((tx) =>
    adjust(tx, teamId, CELLS * 10, { referenceType: 'admin', referenceId: null, note: 'bench' }),
  );
  const [free] = await t.platform.db.select().from(schema.plans).where(eq(schema.plans.isDefault, true));
  if (!free) throw new Error('no default plan');
  if (!free) throw new Error('no default plan');
  await t.platform.db
    .insert(schema.planFunctions)
    .values({ planId: free.id, functionKey: 'ai_table' })
    .onConflictDoNothing();

  // The table: BENCH_CELLS keywords.
  const [table] = await t.platform.db
    .insert(schema.aiTables)
    .values({
      teamId,
      userId: user.userId,
      name: 'Bench',
      source: { kind: 'dataset', dataset_id: 'bench' },
      sourceLabel: 'Bench',
      rowCount: CELLS,
    })
    .returning();
  if (!table) throw new Error('the table was not made');
  await t.platform.db
    .insert(schema.aiTableColumns)
    .values({ tableId: table.id, key: 'keyword', name: 'Keyword', kind: 'data', position: 0 });
  for (let start = 0; start < CELLS; start += 1000) {
    await t.platform.db.insert(schema.aiTableRows).values(
      Array.from({ length: Math.min(1000, CELLS - start) }, (_, i) => ({
        tableId: table.id,
        position: start + i,
        data: { keyword: `running shoes ${start + i}` },
      })),
    );
  }
  const column = (
    await callEndpoint(t.app, addAiColumn, {
      as: user,
      params: { id: table.id },
      body: { name: 'Ad', prompt: 'Write a search ad for {{keyword}}', output: 'ad_copy' },
    })
  ).ok().column;
  const run = (
    await callEndpoint(t.app, runAiColumn, {
      as: user,
      params: { id: table.id, column_id: column.id },
      body: { cells: 'empty' },
    })
  ).ok().run;

  // The stand-in alone, side by side: the same calls straight to it, the same number at once, in
  // the same batches (the run writes a batch, then claims the next), from this same process.
  /** @param {string} keyword */
  const direct = async (keyword) => {
    const res = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
      body: JSON.stringify({
        model: MODEL,
        messages: [
          { role: 'system', content: 'You fill one cell of a marketing table for a marketer.' },
          { role: 'user', content: `Write a search ad for ${keyword}` },
        ],
      }),
    });
    await res.json();
  };
  const baselineStarted = performance.now();
  for (let start = 0; start < CELLS; start += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, CELLS - start) }, (_, i) =>
        direct(`running shoes ${start + i}`),
      ),
    );
  }
  const baselineMs = performance.now() - baselineStarted;

  /** @type {{ done: number, rssMb: number, heapMb: number }[]} */
  const memory = [];
  const sample = setInterval(async () => {
    globalThis.gc?.();
    const [row] = await t.platform.db
      .select()
      .from(schema.aiColumnRuns)
      .where(eq(schema.aiColumnRuns.id, run.id));
    memory.push({
      done: row?.done ?? 0,
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
    });
  }, 2000);
  const started = performance.now();
  await runColumn(t.platform, run.id, { concurrency: CONCURRENCY });
  const wallMs = performance.now() - started;
  clearInterval(sample);

  const final = (await callEndpoint(t.app, getAiTable, { as: user, params: { id: table.id } })).ok();
  const done = final.runs[0];
  if (!done) throw new Error('the run is missing');
  // What the server adds to each cell's slot, and to the run per cell, over the stand-in alone.
  const perSlotMs = ((wallMs - baselineMs) * CONCURRENCY) / CELLS;
  const perCellMs = (wallMs - baselineMs) / CELLS;
  console.log(
    `ai-tables bench (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${CELLS} cells, stand-in latency ${LATENCY_MS} ms a call, concurrency ${CONCURRENCY}`,
  );
  console.log(
    `  done ${done.done}, failed ${done.failed}, credits ${done.credits}; stand-in calls ${llm.completions().length}`,
  );
  console.log(
    `  wall ${(wallMs / 1000).toFixed(1)} s, ${(CELLS / (wallMs / 1000)).toFixed(1)} cells/s (ideal ${((CONCURRENCY * 1000) / LATENCY_MS).toFixed(1)})`,
  );
  console.log(
    `  the stand-in alone, same calls and batches: ${(baselineMs / 1000).toFixed(1)} s (${((baselineMs * CONCURRENCY) / CELLS).toFixed(1)} ms a call beside its ${LATENCY_MS} ms)`,
  );
  console.log(
    `  server overhead: ${perCellMs.toFixed(2)} ms of run time a cell (aim: under 5 ms); ${perSlotMs.toFixed(1)} ms added to each cell's own time`,
  );
  const tenths = memory.filter((_, i) => i % Math.max(1, Math.floor(memory.length / 10)) === 0);
  console.log(
    `  memory (cells done: rss MB / heap MB): ${tenths.map((m) => `${m.done}: ${m.rssMb}/${m.heapMb}`).join(', ')}`,
  );
} finally {
  await llm.close();
  await t.close();
}
