import {
  postGoogleBindCreate,
  postGoogleCodeCallback,
  postGoogleSignInCreate,
} from '@app/contract/social/google';
import {
  getWechatOffiConnectCreate,
  getWechatOpenWebConnectCreate,
  postWechatCodeCallback,
} from '@app/contract/social/wechat';
import { expect } from 'vitest';
import { type Call, type Caller, callEndpoint } from '../../test/call-endpoint';
import {
  type GooglePerson,
  type OAuthStandIn,
  startOAuthStandIn,
  type WechatPerson,
} from '../../test/oauth-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BROWSER_COOKIE } from './oauth-state';

/** Test helpers shared by the social sign-in tests (not a test file itself). */

export const GOOGLE_CLIENT = { clientId: 'google-client-1.apps.example', clientSecret: 'google-secret-1' };
export const WECHAT_OPEN = { appId: 'wxopen00000000001', secret: 'wechat-open-secret-1' };
export const WECHAT_OFFI = { appId: 'wxoffi00000000001', secret: 'wechat-offi-secret-1' };

export interface SocialTestApp {
  t: TestApp;
  standIn: OAuthStandIn;
  close: () => Promise<void>;
}

/** The app with every provider configured against a fresh stand-in server. */
export async function socialTestApp(): Promise<SocialTestApp> {
  const standIn = await startOAuthStandIn();
  const t = await createTestApp({
    ...standIn.env(),
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
    WECHAT_OPEN_APP_ID: WECHAT_OPEN.appId,
    WECHAT_OPEN_APP_SECRET: WECHAT_OPEN.secret,
    WECHAT_OFFI_APP_ID: WECHAT_OFFI.appId,
    WECHAT_OFFI_APP_SECRET: WECHAT_OFFI.secret,
  });
  standIn.registerGoogleClient({
    ...GOOGLE_CLIENT,
    redirectUris: [new URL('/google/oauth/code/callback', t.config.publicUrl).toString()],
  });
  const redirectHost = new URL(t.config.publicUrl).host;
  standIn.registerWechatApp({ ...WECHAT_OPEN, redirectHost });
  standIn.registerWechatApp({ ...WECHAT_OFFI, redirectHost });
  return {
    t,
    standIn,
    close: async () => {
      await t.close();
      await standIn.stop();
    },
  };
}

/** The browser-binding cookie a create call set (what the browser would send back). */
export function browserCookie(res: { cookies: Call<never>['cookies'] }): Record<string, string> {
  const cookie = res.cookies.find((c) => c.name === BROWSER_COOKIE);
  expect(cookie, 'the create call sets the browser cookie').toBeTruthy();
  return { [BROWSER_COOKIE]: cookie?.value ?? '' };
}

let people = 0;

export function googlePerson(overrides: Partial<GooglePerson> = {}): GooglePerson {
  people += 1;
  return {
    sub: `10${Date.now()}${people}`,
    email: `google${people}-${Math.random().toString(36).slice(2, 8)}@gmail.example`,
    email_verified: true,
    name: `Google Person ${people}`,
    ...overrides,
  };
}

export function wechatPerson(overrides: Partial<WechatPerson> = {}): WechatPerson {
  people += 1;
  return {
    key: `wx-person-${people}-${Math.random().toString(36).slice(2, 8)}`,
    unionid: `union-${people}-${Math.random().toString(36).slice(2, 8)}`,
    nickname: `微信用户${people}`,
    ...overrides,
  };
}

export interface ProviderReturn {
  code: string;
  state: string;
  cookies: Record<string, string>;
}

/**
 * Everything up to the browser landing on the web callback route: the create call, the provider
 * page (where `person` consents) and the redirect back. Answers what the callback page posts.
 */
export async function googleReturn(
  s: SocialTestApp,
  person: GooglePerson,
  options: { headers?: Record<string, string>; next?: string; bind?: boolean } = {},
): Promise<ProviderReturn> {
  const headers = options.headers ?? {};
  const created = options.bind
    ? await callEndpoint(s.t.app, postGoogleBindCreate, { headers, body: {} })
    : await callEndpoint(s.t.app, postGoogleSignInCreate, {
        headers,
        body: options.next ? { next: options.next } : {},
      });
  expect(created.status, created.text).toBe(200);
  s.standIn.consentGoogle(person);
  const back = await s.standIn.visit(created.ok().url);
  if (!back.redirected || !back.code || !back.state)
    throw new Error(`no redirect back: ${JSON.stringify(back)}`);
  expect(back.location.pathname).toBe('/google/oauth/code/callback');
  return { code: back.code, state: back.state, cookies: browserCookie(created) };
}

export function postCallback(
  s: SocialTestApp,
  provider: 'google' | 'wechat',
  ret: ProviderReturn,
  headers: Record<string, string> = {},
) {
  return callEndpoint(s.t.app, provider === 'google' ? postGoogleCodeCallback : postWechatCodeCallback, {
    headers,
    cookies: ret.cookies,
    body: { code: ret.code, state: ret.state },
  });
}

/** A Google sign-in from start to end; answers the callback's response. */
export async function googleSignIn(s: SocialTestApp, person: GooglePerson, options: { next?: string } = {}) {
  return postCallback(s, 'google', await googleReturn(s, person, options));
}

/**
 * The WeChat QR panel (website app) or the official-account page, then the scan / Allow and the
 * redirect back. `offi` takes the type and meta of the official-account call.
 */
export async function wechatReturn(
  s: SocialTestApp,
  person: WechatPerson,
  flow:
    | { app: 'open'; type: 'login' | 'bind'; headers?: Record<string, string>; next?: string }
    | { app: 'offi'; type: 'base' | 'login' | 'bind'; meta?: string; headers?: Record<string, string> },
): Promise<ProviderReturn> {
  const headers = flow.headers ?? {};
  let pageUrl: string;
  let created: Call<never>;
  if (flow.app === 'open') {
    const open = await callEndpoint(s.t.app, getWechatOpenWebConnectCreate, {
      headers,
      query: { type: flow.type, next: flow.next },
    });
    expect(open.status, open.text).toBe(200);
    const body = open.ok();
    // The web builds the QR page URL from the parameters; the official account answers it whole.
    pageUrl = `${body.qr_url}?${new URLSearchParams({
      appid: body.appid,
      redirect_uri: body.redirect_uri,
      response_type: 'code',
      scope: 'snsapi_login',
      state: body.state,
    })}#wechat_redirect`;
    created = open;
  } else {
    const offi = await callEndpoint(s.t.app, getWechatOffiConnectCreate, {
      headers,
      query: { type: flow.type, meta: flow.meta },
    });
    expect(offi.status, offi.text).toBe(200);
    pageUrl = offi.ok().url;
    created = offi;
  }
  s.standIn.consentWechat(person);
  const back = await s.standIn.visit(pageUrl);
  if (!back.redirected || !back.code || !back.state)
    throw new Error(`no redirect back: ${JSON.stringify(back)}`);
  expect(back.location.pathname).toBe('/wechat-bind-callback');
  return { code: back.code, state: back.state, cookies: browserCookie(created) };
}

/** A caller holding `token` (what a social sign-in answered). */
export function bearer(token: string | null): Caller {
  return { auth: { authorization: `Bearer ${token ?? ''}` } };
}
