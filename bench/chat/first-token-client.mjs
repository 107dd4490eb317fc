// The first-token part's other side (first-token.mjs), in a worker thread of its own so neither
// shares an event loop with the server: the OpenAI-compatible stand-in the server calls, and the
// client (node:http, keep-alive) that times the stand-in alone and the product, one message at a
// time, turn about.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
const { startOpenAiStandIn } = await import('../../apps/server/src/test/openai-stand-in/openai-stand-in.ts');

/**
 * What the worker is started with: the stand-in's model, its one answer, and the milliseconds
 * before each streamed chunk (0: the whole answer at once).
 * @typedef {{ model: string, answer: string, chunkMs: number }} ClientSetup
 * @typedef {{ type: 'ready', url: string, apiKey: string | null }} Ready
 * What to time: the product's base URL and caller, and each message (after `warmUp` untimed).
 * @typedef {{ path: string, id: string, text: string, clientAddress: string }} Message
 * @typedef {{ type: 'run', base: string, auth: Record<string, string>, warmUp: number, messages: Message[] }} Run
 * One timed message: the stand-in alone to its first content delta; the product to its response
 * headers, its first text-delta frame and its end (ms from the request).
 * @typedef {{ standIn: number, headers: number, first: number, end: number }} Timing
 * @typedef {{ type: 'done', timings: Timing[] } | { type: 'failed', error: string }} Result
 */

if (!parentPort) throw new Error('first-token-client.mjs runs as a worker of first-token.mjs');
const port = parentPort;
const setup = /** @type {ClientSetup} */ (workerData);

const llm = await startOpenAiStandIn({
  models: [setup.model],
  turns: () => ({
    text: setup.answer,
    usage: { prompt_tokens: 1500, completion_tokens: 20 },
    ...(setup.chunkMs > 0 ? { delayMs: setup.chunkMs } : {}),
  }),
});

const agent = new Agent({ keepAlive: true });

/**
 * One streamed POST, read to its end as a client reads it: when its response headers came, when
 * the first `data:` frame `isFirst` accepts came (at the chunk that completed it), and its end, in
 * ms from the request; its status and text.
 * @param {string} url @param {Record<string, string>} headers @param {string} body
 * @param {(data: string) => boolean} isFirst
 * @returns {Promise<{ status: number, text: string, headers: number, first: number | null, end: number }>}
 */
function post(url, headers, body, isFirst) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        agent,
        host: hostname,
        port,
        path: pathname,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const headersAt = performance.now() - t0;
        let text = '';
        /** @type {number | null} */
        let first = null;
        let scanned = 0;
        res.setEncoding('utf8');
        res.on('data', (/** @type {string} */ chunk) => {
          const received = performance.now() - t0;
          text += chunk;
          if (first !== null) return;
          const end = text.lastIndexOf('\n\n');
          if (end < scanned) return;
          const found = text
            .slice(scanned, end)
            .split('\n')
            .some((line) => line.startsWith('data: ') && isFirst(line.slice(6)));
          if (found) first = received;
          scanned = end + 2;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            headers: headersAt,
            first,
            end: performance.now() - t0,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {string} data */
const isTextDelta = (data) => JSON.parse(data).type === 'text-delta';
/** @param {string} data */
const isContentDelta = (data) => data !== '[DONE]' && Boolean(JSON.parse(data).choices?.[0]?.delta?.content);

/** The product: the question to its response headers, its first text-delta frame and its end. */
async function product(/** @type {Run} */ run, /** @type {Message} */ message) {
  const res = await post(
    `${run.base}${message.path}`,
    // The route allows 60 messages a minute per client: each message is its own client.
    { ...run.auth, 'x-forwarded-for': message.clientAddress },
    JSON.stringify({ id: message.id, text: message.text }),
    isTextDelta,
  );
  if (res.status !== 200 || res.first === null || !res.text.includes('"status":"done"')) {
    throw new Error(`the product answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return { headers: res.headers, first: res.first, end: res.end };
}

/** The stand-in alone: the request the server last sent it, sent again, to its first content delta. */
async function standIn() {
  const request = llm.completions().at(-1)?.body;
  if (!request) throw new Error('the server has not called the model yet');
  const res = await post(
    `${llm.url}/chat/completions`,
    { authorization: `Bearer ${llm.apiKey}` },
    JSON.stringify(request),
    isContentDelta,
  );
  if (res.status !== 200 || res.first === null || !res.text.includes('[DONE]')) {
    throw new Error(`the stand-in answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return res.first;
}

/** @param {Run} run @returns {Promise<Timing[]>} */
async function time(run) {
  /** @type {Timing[]} */
  const timings = [];
  for (const [i, message] of run.messages.entries()) {
    // Turn about, so neither side always goes first (the first message calls the model first).
    const productFirst = i % 2 === 0;
    const early = productFirst ? await product(run, message) : null;
    const s = await standIn();
    const p = early ?? (await product(run, message));
    if (i >= run.warmUp) timings.push({ standIn: s, ...p });
  }
  return timings;
}

port.once('message', (/** @type {Run} */ run) => {
  time(run)
    .then(
      (timings) => /** @type {Result} */ ({ type: 'done', timings }),
      (error) =>
        /** @type {Result} */ ({
          type: 'failed',
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    )
    .then(async (result) => {
      agent.destroy();
      await llm.close();
      port.postMessage(result);
    });
});
port.postMessage(/** @type {Ready} */ ({ type: 'ready', url: llm.url, apiKey: llm.apiKey }));
