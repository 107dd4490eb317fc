import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Completion,
  type GenerateContentRequest,
  type GoogleError,
  googleError,
  invalidRequest,
  keyNotValid,
  newId,
  responseBody,
  responseFrames,
  type Usage,
} from './protocol';

/**
 * A local stand-in for Google's Gemini API (v1beta), kept in the repository so the assistant's
 * Gemini path is tested over real HTTP: `GET /v1beta/models` and `GET /v1beta/models/{id}`, and
 * `POST /v1beta/models/{id}:generateContent` or `:streamGenerateContent?alt=sse`, in Gemini's shapes
 * (see protocol.ts), with Google's refusals (a key it does not know: 400 API_KEY_INVALID; no key:
 * 403; a model it lacks: 404). The key is read from `x-goog-api-key` or `?key=`, as Google reads
 * it. What the model says is scripted, as in the other stand-ins.
 */

export interface Turn {
  text?: string | string[];
  toolCalls?: { name: string; arguments: unknown }[];
  usage?: Usage;
  delayMs?: number;
  /** An error answered instead, e.g. `{ code: 503, status: 'UNAVAILABLE' }`. */
  fail?: { code: number; status: string; message?: string };
}

export type Responder = (request: GenerateContentRequest) => Turn;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The key sent, in the header or the query. */
  apiKey: string | null;
  /** `generateContent` or `streamGenerateContent` for a model call. */
  call: string | null;
  model: string | null;
  body: GenerateContentRequest | null;
  status: number;
  closedEarly: boolean;
}

export interface GeminiStandInOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  /** Model ids it serves, without `models/`. Default `gemini-stand-in`. */
  models?: string[];
  turns?: Turn[] | Responder;
}

export interface GeminiStandIn {
  /** The base URL, without `/v1beta`: what the vault's base_url holds. */
  url: string;
  apiKey: string;
  models: string[];
  requests: RecordedRequest[];
  /** The model calls received, oldest first. */
  calls(): RecordedRequest[];
  script(turns: Turn[] | Responder): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function completionOf(turn: Turn, request: GenerateContentRequest): Completion {
  const pieces =
    turn.text === undefined
      ? []
      : Array.isArray(turn.text)
        ? turn.text
        : (turn.text.match(/\S+\s*|\s+/g) ?? []);
  const calls = (turn.toolCalls ?? []).map((call) => ({
    name: call.name,
    args: call.arguments,
    thoughtSignature: Buffer.from(`thought-${newId()}`).toString('base64'),
  }));
  const written = pieces.join('').length + JSON.stringify(turn.toolCalls ?? []).length;
  return {
    pieces,
    calls,
    usage: turn.usage ?? {
      promptTokenCount: Math.ceil(JSON.stringify([request.systemInstruction, request.contents]).length / 4),
      candidatesTokenCount: Math.max(1, Math.ceil(written / 4)),
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGeminiStandIn(options: GeminiStandInOptions = {}): Promise<GeminiStandIn> {
  const apiKey = options.apiKey ?? 'AIza-stand-in-key';
  const models = options.models ?? ['gemini-stand-in'];
  const requests: RecordedRequest[] = [];
  let queue: Turn[] = [];
  let responder: Responder | null = null;
  const script = (turns: Turn[] | Responder) => {
    responder = typeof turns === 'function' ? turns : null;
    queue = typeof turns === 'function' ? [] : [...turns];
  };
  script(options.turns ?? []);

  const modelEntry = (id: string) => ({
    name: `models/${id}`,
    version: '001',
    displayName: `Stand-in ${id}`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  });
  const unknownModel = (id: string, call = 'generateContent') =>
    googleError(
      404,
      'NOT_FOUND',
      `models/${id} is not found for API version v1beta, or is not supported for ${call}. Call ListModels to see the list of available models and their supported methods.`,
    );

  function answer(res: ServerResponse, record: RecordedRequest, status: number, body: unknown) {
    record.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
  }
  const fail = (res: ServerResponse, record: RecordedRequest, error: GoogleError) =>
    answer(res, record, error.status, error.body);

  async function generate(res: ServerResponse, record: RecordedRequest, sse: boolean) {
    const body = record.body;
    const model = record.model ?? '';
    if (!body)
      return fail(res, record, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    if (!models.includes(model)) return fail(res, record, unknownModel(model, record.call ?? undefined));
    const invalid = invalidRequest(body);
    if (invalid) return fail(res, record, invalid);
    const turn = responder ? responder(body) : queue.shift();
    if (!turn) {
      return fail(
        res,
        record,
        googleError(500, 'INTERNAL', 'The stand-in has no turn scripted for this request'),
      );
    }
    if (turn.fail) {
      const { code, status, message } = turn.fail;
      return fail(
        res,
        record,
        googleError(code, status, message ?? 'The model is overloaded. Please try again later.'),
      );
    }
    const completion = completionOf(turn, body);
    if (record.call === 'generateContent') {
      if (turn.delayMs) await sleep(turn.delayMs);
      return answer(res, record, 200, responseBody(model, completion));
    }
    const frames = responseFrames(model, completion);
    if (!sse) {
      // Without alt=sse Google streams one JSON array of the same responses.
      return answer(res, record, 200, frames);
    }
    record.status = 200;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    for (const frame of frames) {
      if (turn.delayMs) await sleep(turn.delayMs);
      if (record.closedEarly) return;
      res.write(`data: ${JSON.stringify(frame)}\r\n\r\n`);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, url: URL) {
    if (record.method === 'POST') {
      try {
        const parsed: unknown = JSON.parse(await readBody(req));
        if (parsed && typeof parsed === 'object') record.body = parsed as GenerateContentRequest;
      } catch {
        // Answered as Google answers a body that is not JSON.
      }
    }
    if (!record.apiKey) {
      return fail(
        res,
        record,
        googleError(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    }
    if (record.apiKey !== apiKey) return fail(res, record, keyNotValid());
    const route = `${record.method} ${record.path}`;
    if (route === 'GET /v1beta/models') {
      return answer(res, record, 200, { models: models.map(modelEntry) });
    }
    const got = /^GET \/v1beta\/models\/([^/:]+)$/.exec(route)?.[1];
    if (got) {
      const id = decodeURIComponent(got);
      return models.includes(id)
        ? answer(res, record, 200, modelEntry(id))
        : fail(res, record, unknownModel(id));
    }
    if (record.method === 'POST' && record.call)
      return generate(res, record, url.searchParams.get('alt') === 'sse');
    return fail(res, record, googleError(404, 'NOT_FOUND', `Method not found: ${route}`));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const call = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
    const header = req.headers['x-goog-api-key'];
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      apiKey: (typeof header === 'string' ? header : null) ?? url.searchParams.get('key'),
      call: call?.[2] ?? null,
      model: call?.[1] ? decodeURIComponent(call[1]) : null,
      body: null,
      status: 0,
      closedEarly: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    handle(req, res, record, url).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      fail(
        res,
        record,
        googleError(500, 'INTERNAL', error instanceof Error ? error.message : 'Internal error'),
      );
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    apiKey,
    models,
    requests,
    calls: () => requests.filter((r) => r.call !== null),
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
