import { vi } from 'vitest';

/** One call the code under test made, as the network edge saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
  /** The JSON body, parsed; undefined when the body was not a JSON string. */
  json: () => unknown;
}

export type FetchHandler = (request: SeenRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch`, the only thing these tests mock: everything above the network edge (client,
 * catalogue, caches, guards) runs for real. Restored after each test by `unstubGlobals`.
 */
export function mockFetch(handler: FetchHandler): {
  requests: SeenRequest[];
  fetchMock: ReturnType<typeof vi.fn>;
} {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body;
    const request: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
      signal: init?.signal,
      json: () => (typeof body === 'string' ? JSON.parse(body) : undefined),
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that never answers unless aborted, like a server that hangs. */
export function hangingResponse(request: SeenRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

export function errorBody(error_code: string, msg: string, extra: Record<string, unknown> = {}) {
  return { error_code, msg, req_id: 'req-1', ...extra };
}
