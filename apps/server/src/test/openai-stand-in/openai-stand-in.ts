import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ChatMessage,
  type ChatRequest,
  type Completion,
  completionBody,
  completionChunks,
  invalidRequest,
  maskKey,
  newId,
  type OpenAiError,
  openAiError,
  type Usage,
} from './protocol';

/**
 * A local stand-in for an OpenAI-compatible model endpoint, kept in the repository so the
 * assistant's real-provider path is tested (and demoed) over real HTTP without a model: `GET
 * /v1/models`, and `POST /v1/chat/completions` plain or streamed, in OpenAI's shapes (see
 * protocol.ts), with OpenAI's refusals (401 for a wrong bearer key, 404 `model_not_found`, 400 for
 * a malformed conversation). What the model says is scripted: a test gives the turns (tool calls
 * with their arguments, or text, with the token usage to report and a delay between streamed
 * chunks, or an error to answer instead), and reads back every request it received: the system prompt, the tools offered, the
 * tool results sent back.
 *
 * Run by hand: `npm run llm:stand-in` (see main.ts).
 */

export interface ScriptedToolCall {
  name: string;
  /** The arguments as the model writes them: an object (sent as JSON) or the raw text. */
  arguments: unknown;
  id?: string;
}

export interface Turn {
  /** What the model says: streamed word by word, or in the pieces given. */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /** The usage reported; by default about four characters a token, in and out. */
  usage?: Usage;
  /** Milliseconds between streamed chunks. */
  delayMs?: number;
  /** An error answered instead (a 500, a 503, a 429 rate limit), as OpenAI words it. */
  fail?: { status: number; message?: string };
}

/** Answers each request from what it holds (the default script answers any question). */
export type Responder = (request: ChatRequest) => Turn;

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** The parsed JSON body of a POST. */
  body: ChatRequest | null;
  /** The status answered (0 until then). */
  status: number;
  /** The client hung up before the answer ended (a stopped reply). */
  closedEarly: boolean;
}

export interface OpenAiStandInOptions {
  port?: number;
  host?: string;
  /** The bearer key it accepts; null accepts any (a local Ollama). Default `sk-stand-in-key`. */
  apiKey?: string | null;
  /** Model ids it serves. Default `stand-in-model`. */
  models?: string[];
  turns?: Turn[] | Responder;
}

export interface OpenAiStandIn {
  /** The base URL, `/v1` included: what the vault's base_url holds. */
  url: string;
  apiKey: string | null;
  models: string[];
  requests: RecordedRequest[];
  /** The chat completion requests received, oldest first. */
  completions(): RecordedRequest[];
  /** What the model answers next: turns in order, or a responder for every request. */
  script(turns: Turn[] | Responder): void;
  close(): Promise<void>;
}

/** The text of a message, whether sent as a string or as content parts. */
export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function completionOf(turn: Turn, request: ChatRequest): Completion {
  const pieces =
    turn.text === undefined
      ? []
      : Array.isArray(turn.text)
        ? turn.text
        : (turn.text.match(/\S+\s*|\s+/g) ?? []);
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? newId('call_'),
    type: 'function' as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  const written =
    pieces.join('').length + toolCalls.reduce((n, call) => n + call.function.arguments.length, 0);
  return {
    pieces,
    toolCalls,
    usage: turn.usage ?? {
      prompt_tokens: Math.ceil(JSON.stringify(request.messages).length / 4),
      completion_tokens: Math.max(1, Math.ceil(written / 4)),
    },
  };
}

function failureOf({ status, message }: { status: number; message?: string }): OpenAiError {
  if (status === 429) {
    return openAiError(
      429,
      message ?? 'Rate limit reached for requests. Please try again in 20s.',
      'requests',
      'rate_limit_exceeded',
    );
  }
  if (status >= 500) {
    return openAiError(
      status,
      message ?? 'The server had an error while processing your request.',
      'server_error',
    );
  }
  return openAiError(status, message ?? 'The request was refused', 'invalid_request_error');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const apiKey = options.apiKey === undefined ? 'sk-stand-in-key' : options.apiKey;
  const models = options.models ?? ['stand-in-model'];
  const requests: RecordedRequest[] = [];
  let queue: Turn[] = [];
  let responder: Responder | null = null;
  const script = (turns: Turn[] | Responder) => {
    if (typeof turns === 'function') {
      responder = turns;
      queue = [];
    } else {
      responder = null;
      queue = [...turns];
    }
  };
  script(options.turns ?? []);

  const refuseKey = (authorization: string | null): OpenAiError | null => {
    if (apiKey === null) return null;
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!given) {
      return openAiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
      );
    }
    if (given !== apiKey) {
      return openAiError(
        401,
        `Incorrect API key provided: ${maskKey(given)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    return null;
  };
  const unknownModel = (model: string) =>
    openAiError(
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'invalid_request_error',
      'model_not_found',
    );
  const modelEntry = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'stand-in' });

  /** Every answer goes out here, so the record says what was answered. */
  function answer(res: ServerResponse, record: RecordedRequest, status: number, body: unknown) {
    record.status = status;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  const fail = (res: ServerResponse, record: RecordedRequest, error: OpenAiError) =>
    answer(res, record, error.status, error.body);

  async function chatCompletion(res: ServerResponse, record: RecordedRequest, body: ChatRequest) {
    const invalid = invalidRequest(body);
    if (invalid) return fail(res, record, invalid);
    if (!models.includes(body.model)) return fail(res, record, unknownModel(body.model));
    const turn = responder ? responder(body) : queue.shift();
    if (!turn) {
      const error = openAiError(500, 'The stand-in has no turn scripted for this request', 'server_error');
      return fail(res, record, error);
    }
    if (turn.fail) return fail(res, record, failureOf(turn.fail));
    const completion = completionOf(turn, body);
    if (!body.stream) {
      if (turn.delayMs) await sleep(turn.delayMs);
      return answer(res, record, 200, completionBody(body.model, completion));
    }
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    for (const chunk of completionChunks(
      body.model,
      completion,
      body.stream_options?.include_usage === true,
    )) {
      if (turn.delayMs) await sleep(turn.delayMs);
      // A client that hung up (a stopped reply) is not written to again.
      if (record.closedEarly) return;
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest) {
    const route = `${record.method} ${record.path}`;
    // The body is read before the key is checked: a refused call is recorded whole.
    let body: unknown = null;
    if (record.method === 'POST') {
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        body = undefined;
      }
      if (body && typeof body === 'object') record.body = body as ChatRequest;
    }
    const keyRefused = refuseKey(record.authorization);
    if (keyRefused) return fail(res, record, keyRefused);
    if (route === 'GET /v1/models') {
      return answer(res, record, 200, { object: 'list', data: models.map(modelEntry) });
    }
    const model = /^GET \/v1\/models\/(.+)$/.exec(route)?.[1];
    if (model) {
      const id = decodeURIComponent(model);
      return models.includes(id)
        ? answer(res, record, 200, modelEntry(id))
        : fail(res, record, unknownModel(id));
    }
    if (route !== 'POST /v1/chat/completions') {
      return fail(res, record, openAiError(404, `Invalid URL (${route})`, 'invalid_request_error'));
    }
    if (!record.body) {
      const error = openAiError(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
        'invalid_request_error',
      );
      return fail(res, record, error);
    }
    return chatCompletion(res, record, record.body);
  }

  const server = createServer((req, res) => {
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://stand-in').pathname,
      authorization: req.headers.authorization ?? null,
      body: null,
      status: 0,
      closedEarly: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    handle(req, res, record).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : 'The server had an error';
      fail(res, record, openAiError(500, message, 'server_error'));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}/v1`,
    apiKey,
    models,
    requests,
    completions: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
