import { TOKEN_COOKIE } from '@app/contract/common';
import { getHealthy } from '@app/contract/core/healthy';
import { defineEndpoint } from '@app/contract/define-endpoint';
import { postBabelText } from '@app/contract/i18n/babel-text';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setCookie } from '../cookies';
import { errorBody, hangingResponse, jsonResponse, mockFetch } from '../testing/mock-fetch';
import { ApiError } from './api-error';
import { setApiLocale } from './api-locale';
import { callApi, DEFAULT_TIMEOUT_MS, MAX_RETRIES, openDownload, uploadMultipart } from './client';

const getThing = defineEndpoint({
  method: 'GET',
  path: '/api/things/{id}',
  permission: 'public',
  summary: 'test endpoint',
  params: z.object({ id: z.string() }),
  query: z.object({
    page: z.number().optional(),
    tags: z.array(z.string()).optional(),
    q: z.string().optional(),
  }),
  response: z.object({ name: z.string() }),
});

const uploadThings = defineEndpoint({
  method: 'POST',
  path: '/api/things/{id}/files',
  permission: 'public',
  summary: 'test upload endpoint',
  params: z.object({ id: z.string() }),
  query: z.object({ team_id: z.string().optional() }),
  response: z.object({ result: z.array(z.unknown()) }),
});

const healthy = { status: 'ok', time: 1 };

beforeEach(() => {
  setApiLocale('en_US');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('callApi headers (spec section 7)', () => {
  it('every call sends x-client-key web, Accept-Language of the current loc and the time-zone offset in hours', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, healthy));
    setApiLocale('zh_CN');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);

    await callApi(getHealthy, { silent: true });

    const headers = requests[0]?.headers;
    expect(headers?.get('x-client-key')).toBe('web');
    expect(headers?.get('accept-language')).toBe('zh_CN');
    expect(headers?.get('x-tz-offset')).toBe('8');
  });

  it('the time-zone offset may be fractional and negative (hours west of UTC)', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, healthy));
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(330);

    await callApi(getHealthy, { silent: true });

    expect(requests[0]?.headers.get('x-tz-offset')).toBe('-5.5');
  });

  it('sends Authorization: Bearer with the app_token cookie when there is one', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, healthy));
    await callApi(getHealthy, { silent: true });
    expect(requests[0]?.headers.has('authorization')).toBe(false);

    setCookie(TOKEN_COOKIE, 'tok-123');
    await callApi(getHealthy, { silent: true });
    expect(requests[1]?.headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('a per-call locale overrides Accept-Language (loading another language)', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { version: 1, loc: 'fr_FR', msgstrs: {} }));
    await callApi(postBabelText, { body: { msgids: [] }, locale: 'fr_FR', silent: true });
    expect(requests[0]?.headers.get('accept-language')).toBe('fr_FR');
  });
});

describe('callApi request shape', () => {
  it('builds the path from params and the query string from the endpoint, arrays repeated', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { name: 'x' }));
    await callApi(getThing, { params: { id: 'a/b' }, query: { page: 2, tags: ['x', 'y'] }, silent: true });
    expect(requests[0]?.url).toBe('/api/things/a%2Fb?page=2&tags=x&tags=y');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('sends JSON in and reads JSON out', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { version: 4, loc: 'en_US', msgstrs: { Hi: 'Hi' } }),
    );
    const answer = await callApi(postBabelText, { body: { msgids: ['Hi'], from: 'web' }, silent: true });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.json()).toEqual({ msgids: ['Hi'], from: 'web' });
    expect(answer.version).toBe(4);
  });

  it('an answer outside the contract is an ApiError, not silently mistyped data', async () => {
    mockFetch(() => jsonResponse(200, { status: 'maybe' }));
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('types: params are required when the endpoint has them', () => {
    mockFetch(() => jsonResponse(200, { name: 'x' }));
    // @ts-expect-error the endpoint has a path parameter, so input is required
    void callApi(getThing).catch(() => {});
    // @ts-expect-error query fields are typed from the contract
    void callApi(getThing, { params: { id: '1' }, query: { page: 'two' }, silent: true }).catch(() => {});
  });
});

describe('callApi failures', () => {
  it('a non-2xx answer throws ApiError with status, the error body and req_id', async () => {
    mockFetch(() => jsonResponse(404, errorBody('NOT_FOUND', 'No such thing', { req_id: 'r-9' })));
    const error = await callApi(getHealthy, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 404, reqId: 'r-9', code: 'NOT_FOUND' });
  });

  it('a body that is not an error body still gives status and the x-request-id header', async () => {
    mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'h-1' } }),
    );
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      body: null,
      reqId: 'h-1',
    });
  });

  it('a network failure throws ApiError with status 0', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('default timeout is 180 s: still waiting at 179.999 s, an ApiError timeout at 180 s', async () => {
    vi.useFakeTimers();
    mockFetch(hangingResponse);
    const settled = vi.fn();
    const call = callApi(getHealthy, { silent: true }).catch((error: unknown) => {
      settled(error);
    });

    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(DEFAULT_TIMEOUT_MS).toBe(180_000);
    expect(settled.mock.calls[0]?.[0]).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('timeoutMs overrides the default', async () => {
    vi.useFakeTimers();
    mockFetch(hangingResponse);
    const call = callApi(getHealthy, { silent: true, timeoutMs: 1000 });
    const check = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(1000);
    await check;
  });

  it("the caller's signal aborts the call", async () => {
    mockFetch(hangingResponse);
    const controller = new AbortController();
    const call = callApi(getHealthy, { silent: true, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('callApi retry (spec section 7)', () => {
  const rateLimited = () =>
    jsonResponse(429, errorBody('RATE_LIMITED', 'Slow down', { _retry_: { waiting_time: 2 } }));

  it('with retry, waits _retry_.waiting_time + 1 s and repeats the call', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { requests } = mockFetch(() => (++calls === 1 ? rateLimited() : jsonResponse(200, healthy)));

    const call = callApi(getHealthy, { silent: true, retry: true });
    await vi.advanceTimersByTimeAsync(2999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await expect(call).resolves.toMatchObject({ status: 'ok' });
  });

  it('without retry, the rate-limit error is thrown at once', async () => {
    const { requests } = mockFetch(rateLimited);
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(requests).toHaveLength(1);
  });

  it(`retry gives up after ${MAX_RETRIES} repeats so a server that keeps refusing cannot loop forever`, async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(rateLimited);
    const call = callApi(getHealthy, { silent: true, retry: true });
    const check = expect(call).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await vi.advanceTimersByTimeAsync(60_000);
    await check;
    expect(requests).toHaveLength(MAX_RETRIES + 1);
  });

  it('an error without _retry_ is not retried even with retry on', async () => {
    const { requests } = mockFetch(() => jsonResponse(500, errorBody('SERVER_ERROR', 'Boom')));
    await expect(callApi(getHealthy, { silent: true, retry: true })).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(1);
  });
});

describe('uploads and downloads (spec section 7)', () => {
  it('uploadMultipart posts the form data to its endpoint with the common headers and lets the browser set content-type', async () => {
    setCookie(TOKEN_COOKIE, 'tok');
    const { requests } = mockFetch(() =>
      jsonResponse(200, { msg_type: 'success', msg: 'Uploaded', result: [] }),
    );
    const form = new FormData();
    form.append('upload_files', new Blob(['a']), 'a.txt');

    const answer = await uploadMultipart(uploadThings, form, {
      params: { id: 't 1' },
      query: { team_id: 'team-2' },
      silent: true,
    });

    expect(requests[0]?.url).toBe('/api/things/t%201/files?team_id=team-2');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.has('content-type')).toBe(false);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(requests[0]?.headers.get('x-client-key')).toBe('web');
    expect(answer.msg).toBe('Uploaded');
  });

  it("uploadMultipart refuses an answer outside its endpoint's contract", async () => {
    mockFetch(() => jsonResponse(200, { result: 'not a list' }));
    const error = await uploadMultipart(uploadThings, new FormData(), {
      params: { id: '1' },
      silent: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid_response');
    expect((error as ApiError).message).toContain(
      'POST /api/things/{id}/files answered outside its contract',
    );
  });

  it('openDownload opens the file in a new window', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openDownload('/api/files/1/download');
    expect(open).toHaveBeenCalledWith('/api/files/1/download', '_blank', 'noopener,noreferrer');
  });
});
