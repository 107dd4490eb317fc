// The chat bench's first-token part (issue 24: "the server's added time to first token over the
// stand-in's own; aim: under 15 ms added to first token"). The bench's app listens on 127.0.0.1 (real
// HTTP, so the reply really streams) with the assistant's model set in the foreign-keys vault, as an
// admin sets it, to the OpenAI-compatible stand-in (apps/server/src/test/openai-stand-in), which
// answers every question in plain text (no tool call), its words streamed with no delay (its first
// text chunk at once). For each of BENCH_FIRST_TOKEN_MESSAGES (default 200) messages, one at a
// time, each in a fresh chat, it times side by side, with the same client (node:http, keep-alive):
//   - the stand-in alone: the request the server sent it (the system prompt, the tools and the
//     question, streamed with usage), sent again straight to its /v1/chat/completions, to the
//     first content delta;
//   - the product: POST /api/chats/{id}/messages to the first `text-delta` frame of the reply.
// Added is the product's time less the stand-in's, message by message: everything the server does
// before and around the model call (auth, the chat, the model setting, the cost estimate, the
// credit hold, the question and reply rows, the stream). The stand-in and the client run in a
// worker thread (first-token-client.mjs): on the server's event loop they would be held up by its
// work (PGlite's queries run on that loop) and hold it up in turn. The model setting is cleared
// afterwards.
//   BENCH_FIRST_TOKEN_MESSAGES (default 200); BENCH_FIRST_TOKEN_CHUNK_MS (default 0): a wait before
//   each chunk the stand-in streams (the role, then each word), as a model paces its words (the
//   first word then comes after two waits, on both sides alike).
import { Worker } from 'node:worker_threads';

const MESSAGES = Number(process.env.BENCH_FIRST_TOKEN_MESSAGES ?? 200);
const CHUNK_MS = Number(process.env.BENCH_FIRST_TOKEN_CHUNK_MS ?? 0);
/** Messages sent (both ways) before timing: the JIT, the pools and the connections warm up. */
const WARM_UP = 20;
const MODEL = 'bench-stand-in-model';
/** Credits per million tokens, in and out (the stand-in's model must have a price to answer). */
const PRICE = { inputPerMillion: 1000, outputPerMillion: 4000 };
const ANSWER = 'Organic Search brought the most sessions in the last 30 days, well ahead of Direct.';
const QUESTION = 'sessions by channel, last 30 days vs the preceding period';

const { signInAdmin } = await import('../../apps/server/src/test/test-app.ts');
const { callEndpoint, endpointUrl } = await import('../../apps/server/src/test/call-endpoint.ts');
const { saveForeignKey, clearForeignKey } = await import('@app/contract/admin/foreign-keys/foreign-keys');
const { sendChatMessage } = await import('@app/contract/chat/chats');
const { upsertModelPrice } = await import('../../apps/server/src/modules/credits/prices.repo.ts');
const { rowOf } = await import('./rows.mjs');

/**
 * @typedef {import('./first-token-client.mjs').ClientSetup} ClientSetup
 * @typedef {import('./first-token-client.mjs').Ready} Ready
 * @typedef {import('./first-token-client.mjs').Run} Run
 * @typedef {import('./first-token-client.mjs').Result} Result
 * @typedef {import('./first-token-client.mjs').Timing} Timing
 */

/** The worker's next message; its failure or exit before one is thrown. @param {Worker} worker */
function nextMessage(worker) {
  return new Promise((resolve, reject) => {
    /** @param {unknown} message */
    const onMessage = (message) => {
      off();
      resolve(message);
    };
    /** @param {unknown} error */
    const onError = (error) => {
      off();
      reject(error);
    };
    /** @param {number} code */
    const onExit = (code) => {
      off();
      reject(new Error(`the first-token client exited (${code})`));
    };
    const off = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** @type {import('./run.mjs').Part} */
export const firstToken = {
  name: `time to first token over the OpenAI-compatible stand-in${CHUNK_MS > 0 ? ` (${CHUNK_MS} ms a chunk)` : ''}, ${MESSAGES} messages one at a time`,
  aimP95Ms: 15,
  async run(bench) {
    const { t, user } = bench;
    /** @type {ClientSetup} */
    const setup = { model: MODEL, answer: ANSWER, chunkMs: CHUNK_MS };
    const admin = await signInAdmin(t.app);
    const worker = new Worker(new URL('./first-token-client.mjs', import.meta.url), { workerData: setup });
    try {
      const llm = /** @type {Ready} */ (await nextMessage(worker));
      await t.platform.db.transaction((tx) => upsertModelPrice(tx, { model: MODEL, ...PRICE }));
      await t.platform.changes.settle();
      (
        await callEndpoint(t.app, saveForeignKey, {
          as: admin,
          params: { kind: 'llm_openai_compatible' },
          body: { values: { base_url: llm.url, api_key: llm.apiKey ?? '', model: MODEL } },
        })
      ).ok();
      const address = t.app.server.address();
      const base =
        address && typeof address === 'object'
          ? `http://127.0.0.1:${address.port}`
          : await t.app.listen({ host: '127.0.0.1', port: 0 });

      /** @type {Run['messages']} */
      const messages = [];
      for (let i = 0; i < WARM_UP + MESSAGES; i += 1) {
        messages.push({
          path: endpointUrl(sendChatMessage, { params: { id: await bench.newChat() } }),
          id: `first-token-${i}-${Date.now().toString(36)}`,
          text: QUESTION,
          clientAddress: bench.clientAddress(),
        });
      }
      /** @type {Run} */
      const run = { type: 'run', base, auth: user.auth, warmUp: WARM_UP, messages };
      worker.postMessage(run);
      const result = /** @type {Result} */ (await nextMessage(worker));
      if (result.type === 'failed') throw new Error(result.error);
      /** @param {string} label @param {(m: Timing) => number} ms */
      const row = (label, ms) => rowOf(label, result.timings.map(ms));
      return [
        row('added to first token: product less stand-in, per message', (m) => m.first - m.standIn),
        row('stand-in alone: request to first content delta', (m) => m.standIn),
        row('product: POST to first text-delta frame', (m) => m.first),
        row('  product: POST to response headers', (m) => m.headers),
        row('  product: response headers to first text-delta frame', (m) => m.first - m.headers),
        row('product: POST to reply end (the cost frame)', (m) => m.end),
      ];
    } finally {
      await worker.terminate();
      await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'llm_openai_compatible' } });
    }
  },
};
