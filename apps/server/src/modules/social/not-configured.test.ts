import type { Endpoint } from '@app/contract/define-endpoint';
import {
  postGoogleBindCreate,
  postGoogleCodeCallback,
  postGoogleSignInCreate,
} from '@app/contract/social/google';
import { getSocialProviders } from '@app/contract/social/social';
import { getWechatOffiConnectCreate, getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callEndpoint } from '../../test/call-endpoint';
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
    const res = await callEndpoint(t.app, getSocialProviders);
    expect(res.ok()).toMatchObject({
      google: { configured: false },
      wechat_open: { configured: false },
      wechat_offi: { configured: false },
    });
  });

  it('every entry point answers a clear "not configured" and stores nothing', async () => {
    const user = await signUpUser(t.app);
    const meta = JSON.stringify({ callback_route: '/chat' });
    const state = 'a'.repeat(96);
    const cases: [string, () => Promise<Call<Endpoint>>, string][] = [
      [
        'google sign-in',
        () => callEndpoint(t.app, postGoogleSignInCreate, { body: {} }),
        GOOGLE_NOT_CONFIGURED,
      ],
      [
        'google bind',
        () => callEndpoint(t.app, postGoogleBindCreate, { as: user, body: {} }),
        GOOGLE_NOT_CONFIGURED,
      ],
      [
        'google callback',
        () => callEndpoint(t.app, postGoogleCodeCallback, { body: { code: 'c', state } }),
        GOOGLE_NOT_CONFIGURED,
      ],
      [
        'wechat QR',
        () => callEndpoint(t.app, getWechatOpenWebConnectCreate, { query: { type: 'login' } }),
        WECHAT_OPEN_NOT_CONFIGURED,
      ],
      [
        'wechat official account',
        () => callEndpoint(t.app, getWechatOffiConnectCreate, { query: { type: 'base', meta } }),
        WECHAT_OFFI_NOT_CONFIGURED,
      ],
    ];
    for (const [what, call, msg] of cases) {
      const res = await call();
      expect(res.status, what).toBe(409);
      expect(res.error(), what).toMatchObject({ error_code: 'CONFLICT', msg });
      expect(res.cookies, what).toEqual([]);
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
    // Literal paths on purpose: the auth library's own routes, which no contract names.
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
