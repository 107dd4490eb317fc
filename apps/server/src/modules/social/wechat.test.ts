import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, users, wechatOpenids } from '../../db/schema';
import { wechatOpenid } from '../../test/oauth-stand-in';
import { signUpUser } from '../../test/test-app';
import { isPlaceholderEmail, maskEmail } from '../users/mask-email';
import { mainBoundAccount } from './main-bound-account';
import { STATE_INVALID, STATE_USED } from './oauth-state';
import {
  bearer,
  browserCookie,
  googlePerson,
  googleReturn,
  postCallback,
  type SocialTestApp,
  socialTestApp,
  WECHAT_OFFI,
  WECHAT_OPEN,
  wechatPerson,
  wechatReturn,
} from './social.test-kit';

const OFFI = '/api/wechat/offi/oauth/connect/create';
const OPEN = '/api/wechat/open-web/oauth/connect/create';

describe('WeChat QR and official-account sign-in against a stand-in WeChat', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.t.app.inject({ method: 'GET', url, headers });

  it('the QR panel parameters carry our app, the callback route and a signed single-use state', async () => {
    const res = await get(`${OPEN}?type=login`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      appid: WECHAT_OPEN.appId,
      redirect_uri: `${s.t.config.publicUrl}/wechat-bind-callback`,
      qr_url: s.standIn.env().WECHAT_OPEN_AUTH_URL,
    });
    // WeChat takes at most 128 characters of [a-zA-Z0-9].
    expect(body.state).toMatch(/^[0-9a-f]{96}$/);

    const person = wechatPerson();
    const cookies = browserCookie(res);
    const code = s.standIn.issueWechatCode(WECHAT_OPEN.appId, person);
    const tampered = `${body.state.slice(0, 40)}${body.state[40] === 'a' ? 'b' : 'a'}${body.state.slice(41)}`;
    const forged = await postCallback(s, 'wechat', { code, state: tampered, cookies });
    expect(forged.json()).toMatchObject({ error_code: 'UNAUTHORIZED', msg: STATE_INVALID });

    const ok = await postCallback(s, 'wechat', { code, state: body.state, cookies });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await postCallback(s, 'wechat', {
      code: s.standIn.issueWechatCode(WECHAT_OPEN.appId, person),
      state: body.state,
      cookies,
    });
    expect(again.json().msg).toBe(STATE_USED);
  });

  it('a Google state is not accepted at the WeChat callback', async () => {
    const ret = await googleReturn(s, googlePerson());
    const res = await postCallback(s, 'wechat', ret);
    expect(res.json().msg).toBe(STATE_INVALID);
  });

  it('a QR sign-in creates a WeChat user (nickname, no real e-mail) and signs the same user in next time', async () => {
    const person = wechatPerson({ nickname: '小明' });
    const first = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'login', next: '/chat' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      purpose: 'sign_in',
      created: true,
      next: '/chat',
      user: { name: '小明' },
      account: { provider: 'wechat', display_name: '小明', email: null },
    });
    expect(isPlaceholderEmail(body.user.email)).toBe(true);
    const [row] = await s.t.platform.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.emailVerified).toBe(false);
    expect((await get('/api/user/basic-infos', bearer(body.token))).statusCode).toBe(200);
    const [link] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, body.user.id));
    expect(link?.subject).toBe(person.unionid);

    const second = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'login' }),
    );
    expect(second.json()).toMatchObject({ created: false, user: { id: body.user.id } });

    // Inside the WeChat browser the official account (another app, another openid) finds the same user by unionid.
    const inApp = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, {
        app: 'offi',
        type: 'login',
        meta: JSON.stringify({ callback_route: '/chat/1?a=b' }),
      }),
    );
    expect(inApp.json()).toMatchObject({
      created: false,
      user: { id: body.user.id },
      callback_route: '/chat/1?a=b',
    });
  });

  it('without a unionid the link is per app (appid:openid)', async () => {
    const person = wechatPerson({ unionid: undefined });
    const res = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'login' }),
    );
    const [link] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, res.json().user.id));
    expect(link?.subject).toBe(`${WECHAT_OPEN.appId}:${wechatOpenid(WECHAT_OPEN.appId, person)}`);
  });

  it('the official-account URL: snsapi_base for type=base, snsapi_userinfo otherwise, in WeChat’s parameter order', async () => {
    const meta = JSON.stringify({ callback_route: '/payment/order-details?id=7' });
    const base = await get(`${OFFI}?type=base&meta=${encodeURIComponent(meta)}`);
    expect(base.statusCode, base.body).toBe(200);
    expect(base.json().msg_type).toBe('success');
    const url: string = base.json().url;
    expect(
      url.startsWith(`${s.standIn.env().WECHAT_OFFI_AUTH_URL}?appid=${WECHAT_OFFI.appId}&redirect_uri=`),
    ).toBe(true);
    expect(url).toMatch(/&response_type=code&scope=snsapi_base&state=[0-9a-f]{96}#wechat_redirect$/);
    expect(decodeURIComponent(url)).toContain(`${s.t.config.publicUrl}/wechat-bind-callback`);

    const login = await get(`${OFFI}?type=login`);
    expect(login.json().url).toContain('&scope=snsapi_userinfo&');
  });

  it('type=base without a usable callback_route is a VALIDATION_ERROR naming meta.callback_route', async () => {
    const cases = [
      `${OFFI}?type=base`,
      `${OFFI}?type=base&meta=`,
      `${OFFI}?type=base&meta=${encodeURIComponent('{}')}`,
      `${OFFI}?type=base&meta=${encodeURIComponent('{"callback_route":""}')}`,
      `${OFFI}?type=base&meta=not-json`,
      `${OFFI}?type=base&meta=${encodeURIComponent('{"callback_route":"//evil.example/x"}')}`,
      `${OFFI}?type=login&meta=${encodeURIComponent('{"callback_route":"https://evil.example"}')}`,
    ];
    for (const url of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields), url).toEqual(['meta.callback_route']);
    }
    expect((await get(OFFI.replace('create', 'create?type=other'))).json().fields).toHaveProperty('type');
  });

  it('the silent base authorisation signs in only a linked WeChat user, and returns to the callback route', async () => {
    const meta = JSON.stringify({ callback_route: '/account/orders?page=2' });
    const stranger = wechatPerson();
    const unknown = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, stranger, { app: 'offi', type: 'base', meta }),
    );
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({
      purpose: 'base',
      token: null,
      created: false,
      callback_route: '/account/orders?page=2',
    });
    expect(await s.t.platform.db.select().from(users).where(eq(users.name, stranger.nickname))).toEqual([]);

    // Linked through the official account once (consent), the silent one then knows the openid.
    const person = wechatPerson({ nickname: '老王' });
    const linked = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'offi', type: 'login' }),
    );
    const silent = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'offi', type: 'base', meta }),
    );
    expect(silent.json()).toMatchObject({ purpose: 'base', user: { id: linked.json().user.id } });
    expect(silent.json().token).toEqual(expect.any(String));
    // The silent scope has no nickname; the one on the link is kept.
    const [link] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, linked.json().user.id));
    expect(link?.displayName).toBe('老王');
    const openids = await s.t.platform.db
      .select()
      .from(wechatOpenids)
      .where(eq(wechatOpenids.socialAccountId, link?.id ?? ''));
    expect(openids.map((o) => o.appId)).toEqual([WECHAT_OFFI.appId]);
  });

  it("WeChat's refusal is told in words (wrong secret), and its code works once", async () => {
    const ret = await wechatReturn(s, wechatPerson(), { app: 'open', type: 'login' });
    s.standIn.registerWechatApp({
      ...WECHAT_OPEN,
      secret: 'rotated',
      redirectHost: new URL(s.t.config.publicUrl).host,
    });
    try {
      const res = await postCallback(s, 'wechat', ret);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('WeChat refused the sign-in: 40125 (invalid appsecret)');
    } finally {
      s.standIn.registerWechatApp({ ...WECHAT_OPEN, redirectHost: new URL(s.t.config.publicUrl).host });
    }

    // A code already redeemed (by someone who intercepted it) with a fresh state of ours.
    const person = wechatPerson();
    const code = s.standIn.issueWechatCode(WECHAT_OPEN.appId, person);
    const first = await get(`${OPEN}?type=login`);
    await postCallback(s, 'wechat', { code, state: first.json().state, cookies: browserCookie(first) });
    const second = await get(`${OPEN}?type=login`);
    const reused = await postCallback(s, 'wechat', {
      code,
      state: second.json().state,
      cookies: browserCookie(second),
    });
    expect(reused.json().msg).toBe('WeChat refused the sign-in: 40163 (code been used)');
  });

  it('links WeChat to the signed-in user by QR; refuses one linked to someone else', async () => {
    const owner = await signUpUser(s.t.app);
    const person = wechatPerson({ nickname: 'Owner WX' });
    const bound = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'bind', headers: owner.auth }),
      owner.auth,
    );
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({
      purpose: 'bind',
      token: null,
      account: { provider: 'wechat', display_name: 'Owner WX' },
    });

    const other = await signUpUser(s.t.app);
    const taken = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'bind', headers: other.auth }),
      other.auth,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('This WeChat account is already linked to another user');

    const anonymous = await get(`${OPEN}?type=bind`);
    expect(anonymous.json().error_code).toBe('BEARER_TOKEN_ERROR');
    const offiAnonymous = await get(`${OFFI}?type=bind`);
    expect(offiAnonymous.json().error_code).toBe('BEARER_TOKEN_ERROR');
  });
});

describe('the main bound account shown on the profile', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  it('is the masked e-mail, or the WeChat nickname for the wechat key and for WeChat-only accounts', async () => {
    const person = wechatPerson({ nickname: '阿强' });
    const created = (
      await postCallback(s, 'wechat', await wechatReturn(s, person, { app: 'open', type: 'login' }))
    ).json();
    const wechatOnly = { id: created.user.id, email: created.user.email };
    expect(await mainBoundAccount(s.t.platform.db, wechatOnly, 'email')).toBe('阿强');
    expect(await mainBoundAccount(s.t.platform.db, wechatOnly, 'wechat')).toBe('阿强');

    const local = await signUpUser(s.t.app, { email: 'maria@example.com' });
    const withEmail = { id: local.userId, email: local.email };
    expect(await mainBoundAccount(s.t.platform.db, withEmail, 'email')).toBe(maskEmail('maria@example.com'));
    expect(await mainBoundAccount(s.t.platform.db, withEmail, 'wechat')).toBe(maskEmail('maria@example.com'));
    await postCallback(
      s,
      'wechat',
      await wechatReturn(s, wechatPerson({ nickname: 'Maria WX' }), {
        app: 'open',
        type: 'bind',
        headers: local.auth,
      }),
      local.auth,
    );
    expect(await mainBoundAccount(s.t.platform.db, withEmail, 'wechat')).toBe('Maria WX');
    expect(await mainBoundAccount(s.t.platform.db, withEmail, 'email')).toBe(maskEmail('maria@example.com'));
  });
});
