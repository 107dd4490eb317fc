import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnthropicError,
  anthropicError,
  type Completion,
  type ErrorType,
  invalidRequest,
  type MessagesRequest,
  messageBody,
  messageEvents,
  newId,
  type Usage,
} from './protocol';

/**
 * A local stand-in for Anthropic's Messages API, kept in the repository so the assistant's
 * Anthropic path is tested over real HTTP without a model, as the OpenAI-compatible one is:
 * `GET /v1/models` and `GET /v1/models/{id}`, and `POST /v1/messages` plain or streamed, in
 * Anthropic's shapes (see protocol.ts), with Anthropic's refusals (401 `authentication_error` for
 * a missing or wrong `x-api-key`, 400 without `anthropic-version` or for a malformed
 * conversation, 404 `not_found_error` for a model it lacks). What the model says is scripted: a
 * test gives the turns (tool calls with their input, or text, the usage to report, a delay
 * between events, or a failure), and reads back every request it received.
 */

export interface ScriptedToolCall {
  name: string;
  /** The input as the model writes it: an object (streamed as JSON). */
  arguments: unknown;
  id?: string;
}

export interface Turn {
  /** What the model says: streamed word by word, or in the pieces given. */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /** The usage reported; by default about four characters a token, in and out. */
  usage?: Usage;
  /** Milliseconds between streamed events. */
  delayMs?: number;
  /**
   * A failure instead of an answer: an HTTP error (by default), or with `inStream` a stream that
   * opens and then carries an `error` event, as Anthropic sends `overloaded_error` mid-stream.
   */
  fail?: { type: ErrorType; message?: string; inStream?: boolean };
}

export type Responder = (request: MessagesRequest) => Turn;

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | null;
  version: string | null;
  body: MessagesRequest | null;
  /** The status answered (0 until then). */
  status: number;
  /** The client hung up before the answer ended. */
  closedEarly: boolean;
}

export interface AnthropicStandInOptions {
  port?: number;
  host?: string;
  /** The `x-api-key` it accepts. Default `sk-ant-stand-in-key`. */
  apiKey?: string;
  /** Model ids it serves. Default `claude-stand-in`. */
  models?: string[];
  turns?: Turn[] | Responder;
}

export interface AnthropicStandIn {
  /** The base URL, without `/v1`: what the vault's base_url holds (as Anthropic documents it). */
  url: string;
  apiKey: string;
  models: string[];
  requests: RecordedRequest[];
  /** The Messages API requests received, oldest first. */
  messages(): RecordedRequest[];
  script(turns: Turn[] | Responder): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function completionOf(turn: Turn, request: MessagesRequest): Completion {
  const pieces =
    turn.text === undefined
      ? []
      : Array.isArray(turn.text)
        ? turn.text
        : (turn.text.match(/\S+\s*|\s+/g) ?? []);
  const toolUses = (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? newId('toolu_'),
    name: call.name,
    input: call.arguments,
    json: JSON.stringify(call.arguments),
  }));
  const written = pieces.join('').length + toolUses.reduce((n, use) => n + use.json.length, 0);
  return {
    pieces,
    toolUses,
    usage: turn.usage ?? {
      input_tokens: Math.ceil(JSON.stringify([request.system, request.messages]).length / 4),
      output_tokens: Math.max(1, Math.ceil(written / 4)),
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

export async function startAnthropicStandIn(
  options: AnthropicStandInOptions = {},
): Promise<AnthropicStandIn> {
  const apiKey = options.apiKey ?? 'sk-ant-stand-in-key';
  const models = options.models ?? ['claude-stand-in'];
  const requests: RecordedRequest[] = [];
  let queue: Turn[] = [];
  let responder: Responder | null = null;
  const script = (turns: Turn[] | Responder) => {
    responder = typeof turns === 'function' ? turns : null;
    queue = typeof turns === 'function' ? [] : [...turns];
  };
  script(options.turns ?? []);

  const modelEntry = (id: string) => ({
    type: 'model',
    id,
    display_name: `Stand-in ${id}`,
    created_at: '2025-01-01T00:00:00Z',
  });
  const unknownModel = (id: string) => anthropicError('not_found_error', `model: ${id}`);

  function answer(res: ServerResponse, record: RecordedRequest, status: number, body: unknown) {
    record.status = status;
    res
      .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_') })
      .end(JSON.stringify(body));
  }
  const fail = (res: ServerResponse, record: RecordedRequest, error: AnthropicError) =>
    answer(res, record, error.status, error.body);

  function refused(record: RecordedRequest): AnthropicError | null {
    if (!record.apiKey) return anthropicError('authentication_error', 'x-api-key header is required');
    if (record.apiKey !== apiKey) return anthropicError('authentication_error', 'invalid x-api-key');
    if (!record.version)
      return anthropicError('invalid_request_error', 'anthropic-version: header is required');
    return null;
  }

  async function createMessage(res: ServerResponse, record: RecordedRequest, body: MessagesRequest) {
    const invalid = invalidRequest(body);
    if (invalid) return fail(res, record, invalid);
    if (!models.includes(body.model)) return fail(res, record, unknownModel(body.model));
    const turn = responder ? responder(body) : queue.shift();
    if (!turn) {
      return fail(
        res,
        record,
        anthropicError('api_error', 'The stand-in has no turn scripted for this request'),
      );
    }
    if (turn.fail && !(turn.fail.inStream && body.stream)) {
      return fail(res, record, anthropicError(turn.fail.type, turn.fail.message ?? 'Overloaded'));
    }
    const completion = completionOf(turn, body);
    if (!body.stream) {
      if (turn.delayMs) await sleep(turn.delayMs);
      return answer(res, record, 200, messageBody(body.model, completion));
    }
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'request-id': newId('req_'),
    });
    res.flushHeaders();
    const events = messageEvents(body.model, completion);
    if (turn.fail) {
      // The stream opened, then the model is overloaded before it writes anything.
      const error = anthropicError(turn.fail.type, turn.fail.message ?? 'Overloaded').body;
      events.splice(1, events.length - 1, { event: 'error', data: { type: 'error', error: error.error } });
    }
    for (const { event, data } of events) {
      if (turn.delayMs) await sleep(turn.delayMs);
      if (record.closedEarly) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest) {
    if (record.method === 'POST') {
      try {
        const parsed: unknown = JSON.parse(await readBody(req));
        if (parsed && typeof parsed === 'object') record.body = parsed as MessagesRequest;
      } catch {
        // Answered below as Anthropic answers a body that is not JSON.
      }
    }
    const denied = refused(record);
    if (denied) return fail(res, record, denied);
    const route = `${record.method} ${record.path}`;
    if (route === 'GET /v1/models') {
      return answer(res, record, 200, {
        data: models.map(modelEntry),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      });
    }
    const model = /^GET \/v1\/models\/(.+)$/.exec(route)?.[1];
    if (model) {
      const id = decodeURIComponent(model);
      return models.includes(id)
        ? answer(res, record, 200, modelEntry(id))
        : fail(res, record, unknownModel(id));
    }
    if (route !== 'POST /v1/messages') {
      return fail(res, record, anthropicError('not_found_error', 'Not Found'));
    }
    if (!record.body) {
      return fail(
        res,
        record,
        anthropicError('invalid_request_error', 'There was an error parsing the body'),
      );
    }
    return createMessage(res, record, record.body);
  }

  const server = createServer((req, res) => {
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://stand-in').pathname,
      apiKey: header(req, 'x-api-key'),
      version: header(req, 'anthropic-version'),
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
      fail(
        res,
        record,
        anthropicError('api_error', error instanceof Error ? error.message : 'Internal server error'),
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
    messages: () => requests.filter((r) => r.path === '/v1/messages'),
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
