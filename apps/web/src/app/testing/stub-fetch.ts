import { DEFAULT_HELP_TAG_STYLE as HELP_STYLE } from '@app/contract/help/help-tags';
import { hangingResponse, jsonResponse, mockFetch, type SeenRequest } from '../../lib/testing/mock-fetch';

export interface StubReply {
  status?: number;
  body?: unknown;
}

/** A handler may answer a whole `Response` (an event stream, bytes) instead of JSON. */
export type StubHandler =
  | StubReply
  | ((request: SeenRequest) => StubReply | Response | Promise<StubReply | Response>);

/** Keyed `METHOD /path`, the contract's endpoint id. */
export type StubRoutes = Record<string, StubHandler>;

/**
 * The calls every page makes in the background: the health check and translations (English
 * has none, so an empty set). A test overrides them by naming the same key.
 */
const BACKGROUND: StubRoutes = {
  'GET /api/healthy': { body: { status: 'ok', time: 1_700_000_000 } },
  'POST /api/babel/text': ({ headers }) => ({
    body: { version: 1, loc: headers.get('Accept-Language') ?? 'en_US', msgstrs: {} },
  }),
  // A signed-in page asks for pop-up notices (none by default) and holds the user_basic stream
  // open; with nothing to say it just waits.
  'GET /api/account/notices/pop-up': { body: { items: [] } },
  // Help tags a page declares (none written by default).
  'POST /api/config/help/html-tag-help': { body: { helps: {}, style: HELP_STYLE, version: 1 } },
  'GET /api/subscriber/msgs/user_basic': (request) => hangingResponse(request),
};

function endpointId(request: SeenRequest): string {
  return `${request.method.toUpperCase()} ${new URL(request.url, 'http://localhost').pathname}`;
}

/**
 * lib's `mockFetch` answering by endpoint, for tests that render whole pages and so make several
 * calls. Unknown calls answer 404 so a missing stub shows up as a visible failure.
 */
export function stubFetch(routes: StubRoutes = {}) {
  const all: StubRoutes = { ...BACKGROUND, ...routes };
  const { requests } = mockFetch(async (request) => {
    const id = endpointId(request);
    const handler = all[id];
    const reply: StubReply | Response = !handler
      ? { status: 404, body: { error_code: 'NOT_FOUND', msg: `No stub for ${id}`, req_id: 'test' } }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.status ?? 200, reply.body ?? {});
  });

  return {
    requests,
    /** The requests made to one endpoint, e.g. `callsTo('POST /api/sign-out')`. */
    callsTo: (id: string) => requests.filter((request) => endpointId(request) === id),
  };
}
