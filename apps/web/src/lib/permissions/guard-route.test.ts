import { TOKEN_COOKIE } from '@app/contract/common';
import type { AccessCode } from '@app/contract/permissions/list-permissions';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken, setCookie } from '../cookies';
import { createQueryClient } from '../query-client';
import { basicInfosFixture } from '../testing/basic-infos-fixture';
import { errorBody, jsonResponse, mockFetch, type SeenRequest } from '../testing/mock-fetch';
import { guardRoute } from './guard-route';

/** A server with one signed-in user; tests change what it answers. */
function fakeServer() {
  const server = {
    user: 'user-1',
    permissionVersion: 1,
    signedIn: true,
    code: 'OK' as AccessCode,
  };
  const { requests } = mockFetch((request: SeenRequest) => {
    if (request.url === '/api/user/basic-infos') {
      if (!server.signedIn) return jsonResponse(401, errorBody('BEARER_TOKEN_ERROR', 'Sign in'));
      return jsonResponse(
        200,
        basicInfosFixture({ id: server.user, latest_permission_version: server.permissionVersion }),
      );
    }
    if (request.url === '/api/routes/permission/list') {
      const body = request.json() as { page_routes: string[] };
      return jsonResponse(200, {
        page_routes: body.page_routes.map((route) => ({
          route,
          access: server.code === 'OK',
          code: server.code,
        })),
        apis: [],
        version: server.permissionVersion,
      });
    }
    if (request.url === '/api/babel/text')
      return jsonResponse(200, { version: 1, loc: 'en_US', msgstrs: {} });
    return jsonResponse(404, errorBody('NOT_FOUND', 'No route'));
  });
  const permissionCalls = () => requests.filter((r) => r.url === '/api/routes/permission/list');
  return { server, requests, permissionCalls };
}

/** What the guard threw, as the router sees it: a redirect response with its Location. */
async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

let queryClient: QueryClient;
const guard = (path: string, search = '', loginRequired = true) =>
  guardRoute({ path, search, loginRequired, queryClient });

beforeEach(() => {
  queryClient = createQueryClient();
  setCookie(TOKEN_COOKIE, 'tok');
});

describe('guardRoute (spec section 6)', () => {
  it('a login-required route without a token -> /login?next={path+query}, without asking the server', async () => {
    const { requests } = fakeServer();
    setCookie(TOKEN_COOKIE, '');
    const to = await redirectOf(guard('/chat/7', '?q=x'));
    expect(to).toBe('/login?next=%2Fchat%2F7%3Fq%3Dx');
    expect(requests).toHaveLength(0);
  });

  it('a public route asks nothing and resolves to null', async () => {
    const { requests } = fakeServer();
    setCookie(TOKEN_COOKIE, '');
    await expect(guard('/login', '', false)).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('loginRequired defaults to the page-route registry', async () => {
    fakeServer();
    setCookie(TOKEN_COOKIE, '');
    expect(await redirectOf(guardRoute({ path: '/admin', search: '', queryClient }))).toBe(
      '/login?next=%2Fadmin',
    );
    await expect(guardRoute({ path: '/403', search: '', queryClient })).resolves.toBeNull();
  });

  it('basic infos answering BEARER_TOKEN_ERROR -> token cleared and /login?next=', async () => {
    const { server } = fakeServer();
    server.signedIn = false;
    expect(await redirectOf(guard('/admin', '?tab=1'))).toBe('/login?next=%2Fadmin%3Ftab%3D1');
    expect(getToken()).toBeNull();
  });

  it('permission OK -> resolves to the basic infos', async () => {
    fakeServer();
    await expect(guard('/admin')).resolves.toMatchObject({ id: 'user-1' });
  });

  it('permission FORBIDDEN or UNAUTHORIZED -> /403?from={path}', async () => {
    const { server } = fakeServer();
    server.code = 'FORBIDDEN';
    expect(await redirectOf(guard('/admin/user/users', '?page=2'))).toBe('/403?from=%2Fadmin%2Fuser%2Fusers');
    server.code = 'UNAUTHORIZED';
    expect(await redirectOf(guard('/admin/order'))).toBe('/403?from=%2Fadmin%2Forder');
  });

  it('permission BEARER_TOKEN_ERROR -> token cleared and /login?next={path+query}', async () => {
    const { server } = fakeServer();
    server.code = 'BEARER_TOKEN_ERROR';
    expect(await redirectOf(guard('/admin', '?x=1'))).toBe('/login?next=%2Fadmin%3Fx%3D1');
    expect(getToken()).toBeNull();
  });

  it('the permission call is silent and names the source web', async () => {
    const { permissionCalls } = fakeServer();
    await guard('/admin');
    expect(permissionCalls()[0]?.json()).toEqual({ page_routes: ['/admin'], apis: [], from: 'web' });
  });
});

describe('permission cache (spec sections 6 and 9)', () => {
  it('a second visit with the same permission version asks the server nothing', async () => {
    const { permissionCalls } = fakeServer();
    await guard('/admin');
    await guard('/admin');
    expect(permissionCalls()).toHaveLength(1);
  });

  it('paths of one route pattern share the cached answer (/account/project/1, /account/project/2)', async () => {
    const { permissionCalls } = fakeServer();
    await guard('/account/project/1');
    await guard('/account/project/2');
    expect(permissionCalls()).toHaveLength(1);
  });

  it('survives a page reload (kept in localStorage)', async () => {
    const { permissionCalls } = fakeServer();
    await guard('/admin');
    queryClient = createQueryClient();
    await guard('/admin');
    expect(permissionCalls()).toHaveLength(1);
  });

  it("is reloaded when the server's latest_permission_version changes", async () => {
    const { server, permissionCalls } = fakeServer();
    await guard('/admin');
    server.permissionVersion = 2;
    server.code = 'FORBIDDEN';
    queryClient = createQueryClient();
    expect(await redirectOf(guard('/admin'))).toBe('/403?from=%2Fadmin');
    expect(permissionCalls()).toHaveLength(2);
  });

  it('is kept per user: another user on the same browser is asked about afresh', async () => {
    const { server, permissionCalls } = fakeServer();
    await guard('/admin');
    server.user = 'user-2';
    queryClient = createQueryClient();
    await guard('/admin');
    expect(permissionCalls()).toHaveLength(2);
  });

  it('is kept per source', async () => {
    const { permissionCalls } = fakeServer();
    await guardRoute({ path: '/admin', search: '', loginRequired: true, queryClient, source: 'web' });
    await guardRoute({ path: '/admin', search: '', loginRequired: true, queryClient, source: 'mobile' });
    expect(permissionCalls()).toHaveLength(2);
    expect(permissionCalls()[1]?.json()).toMatchObject({ from: 'mobile' });
  });

  it('UNAUTHORIZED is not cached: it describes the session, not the role', async () => {
    const { server, permissionCalls } = fakeServer();
    server.code = 'UNAUTHORIZED';
    await redirectOf(guard('/admin'));
    server.code = 'OK';
    await expect(guard('/admin')).resolves.toMatchObject({ id: 'user-1' });
    expect(permissionCalls()).toHaveLength(2);
  });
});
