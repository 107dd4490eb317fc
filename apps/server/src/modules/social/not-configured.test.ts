import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import {
  GOOGLE_NOT_CONFIGURED,
  WECHAT_OFFI_NOT_CONFIGURED,
  WECHAT_OPEN_NOT_CONFIGURED,
} from './social-config';

describe('social sign-in without provider credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An id without its secret is still not configured.
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'only-the-id', WECHAT_OFFI_APP_SECRET: 'only-the-secret' });
  });
  afterAll(() => t.close());

  it('the providers answer says none is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/social/providers' });
    expect(res.json()).toMatchObject({
      google: { configured: false },
      wechat_open: { configured: false },
      wechat_offi: { configured: false },
    });
  });

  it('every entry point answers a clear "not configured" and stores nothing', async () => {
    const user = await signUpUser(t.app);
    const meta = encodeURIComponent(JSON.stringify({ callback_route: '/chat' }));
    const state = 'a'.repeat(96);
    const cases: [string, string, Record<string, string>, object | undefined, string][] = [
      ['POST', '/api/google/oauth/sign-in/create', {}, {}, GOOGLE_NOT_CONFIGURED],
      ['POST', '/api/google/oauth/bind/create', user.auth, {}, GOOGLE_NOT_CONFIGURED],
      ['POST', '/api/google/oauth/code/callback', {}, { code: 'c', state }, GOOGLE_NOT_CONFIGURED],
      [
        'GET',
        '/api/wechat/open-web/oauth/connect/create?type=login',
        {},
        undefined,
        WECHAT_OPEN_NOT_CONFIGURED,
      ],
      [
        'GET',
        `/api/wechat/offi/oauth/connect/create?type=base&meta=${meta}`,
        {},
        undefined,
        WECHAT_OFFI_NOT_CONFIGURED,
      ],
    ];
    for (const [method, url, headers, payload, msg] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(409);
      expect(res.json(), url).toMatchObject({ error_code: 'CONFLICT', msg });
      expect(res.cookies, url).toEqual([]);
    }
  });
});

describe("better-auth's own social routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are closed: social sign-in and linking only go through the signed, single-use state', async () => {
    const user = await signUpUser(t.app);
    for (const url of [
      '/api/auth/sign-in/social',
      '/api/auth/link-social',
      '/api/auth/unlink-account',
      '/api/auth/callback/google',
      '/api/auth/list-accounts',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: user.auth,
        payload: { provider: 'google' },
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
