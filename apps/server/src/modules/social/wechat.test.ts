import { getWechatOffiConnectCreate, getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { isPlaceholderEmail, maskEmail } from '@app/contract/user/mask-email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, users, wechatOpenids } from '../../db/schema';
import { callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { wechatOpenid } from '../../test/oauth-stand-in';
import { signUpUser } from '../../test/test-app';
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

describe('WeChat QR and official-account sign-in against a stand-in WeChat', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  const openCreate = (type: 'login' | 'bind') =>
    callEndpoint(s.t.app, getWechatOpenWebConnectCreate, { query: { type } });
  const offiCreate = (query: { type: 'base' | 'login' | 'bind'; meta?: string }) =>
    callEndpoint(s.t.app, getWechatOffiConnectCreate, { query });

  it('the QR panel parameters carry our app, the callback route and a signed single-use state', async () => {
    const res = await openCreate('login');
    const body = res.ok();
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
    expect(forged.error()).toMatchObject({ error_code: 'UNAUTHORIZED', msg: STATE_INVALID });

    const ok = await postCallback(s, 'wechat', { code, state: body.state, cookies });
    expect(ok.status, ok.text).toBe(200);
    const again = await postCallback(s, 'wechat', {
      code: s.standIn.issueWechatCode(WECHAT_OPEN.appId, person),
      state: body.state,
      cookies,
    });
    expect(again.error().msg).toBe(STATE_USED);
  });

  it('a Google state is not accepted at the WeChat callback', async () => {
    const ret = await googleReturn(s, googlePerson());
    const res = await postCallback(s, 'wechat', ret);
    expect(res.error().msg).toBe(STATE_INVALID);
  });

  it('a QR sign-in creates a WeChat user (nickname, no real e-mail) and signs the same user in next time', async () => {
    const person = wechatPerson({ nickname: '小明' });
    const first = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'login', next: '/chat' }),
    );
    expect(first.status, first.text).toBe(200);
    const body = first.ok();
    const user = body.user;
    if (!user) throw new Error('no user signed in');
    expect(body).toMatchObject({
      purpose: 'sign_in',
      created: true,
      next: '/chat',
      user: { name: '小明' },
      account: { provider: 'wechat', display_name: '小明', email: null },
    });
    expect(isPlaceholderEmail(user.email)).toBe(true);
    const [row] = await s.t.platform.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(false);
    expect((await callEndpoint(s.t.app, getBasicInfos, { as: bearer(body.token) })).status).toBe(200);
    const [link] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(link?.subject).toBe(person.unionid);

    const second = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, person, { app: 'open', type: 'login' }),
    );
    expect(second.ok()).toMatchObject({ created: false, user: { id: user.id } });

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
    expect(inApp.ok()).toMatchObject({
      created: false,
      user: { id: user.id },
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
      .where(eq(socialAccounts.userId, res.ok().user?.id ?? ''));
    expect(link?.subject).toBe(`${WECHAT_OPEN.appId}:${wechatOpenid(WECHAT_OPEN.appId, person)}`);
  });

  it('the official-account URL: snsapi_base for type=base, snsapi_userinfo otherwise, in WeChat’s parameter order', async () => {
    const meta = JSON.stringify({ callback_route: '/payment/order-details?id=7' });
    const base = await offiCreate({ type: 'base', meta });
    expect(base.ok().msg_type).toBe('success');
    const url = base.ok().url;
    expect(
      url.startsWith(`${s.standIn.env().WECHAT_OFFI_AUTH_URL}?appid=${WECHAT_OFFI.appId}&redirect_uri=`),
    ).toBe(true);
    expect(url).toMatch(/&response_type=code&scope=snsapi_base&state=[0-9a-f]{96}#wechat_redirect$/);
    expect(decodeURIComponent(url)).toContain(`${s.t.config.publicUrl}/wechat-bind-callback`);

    const login = await offiCreate({ type: 'login' });
    expect(login.ok().url).toContain('&scope=snsapi_userinfo&');
  });

  it('type=base without a usable callback_route is a VALIDATION_ERROR naming meta.callback_route', async () => {
    const cases: { type: 'base' | 'login'; meta?: string }[] = [
      { type: 'base' },
      { type: 'base', meta: '' },
      { type: 'base', meta: '{}' },
      { type: 'base', meta: '{"callback_route":""}' },
      { type: 'base', meta: 'not-json' },
      { type: 'base', meta: '{"callback_route":"//evil.example/x"}' },
      { type: 'login', meta: '{"callback_route":"https://evil.example"}' },
    ];
    for (const query of cases) {
      const res = await offiCreate(query);
      const label = JSON.stringify(query);
      expect(res.status, label).toBe(400);
      expect(res.error().error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.error().fields ?? {}), label).toEqual(['meta.callback_route']);
    }
    // A type the contract does not know, sent on purpose.
    const other = await callEndpointRaw(s.t.app, getWechatOffiConnectCreate, { query: { type: 'other' } });
    expect(other.error().fields).toHaveProperty('type');
  });

  it('the silent base authorisation signs in only a linked WeChat user, and returns to the callback route', async () => {
    const meta = JSON.stringify({ callback_route: '/account/orders?page=2' });
    const stranger = wechatPerson();
    const unknown = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, stranger, { app: 'offi', type: 'base', meta }),
    );
    expect(unknown.status, unknown.text).toBe(200);
    expect(unknown.ok()).toMatchObject({
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
    const linkedId = linked.ok().user?.id ?? '';
    expect(silent.ok()).toMatchObject({ purpose: 'base', user: { id: linkedId } });
    expect(silent.ok().token).toEqual(expect.any(String));
    // The silent scope has no nickname; the one on the link is kept.
    const [link] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, linkedId));
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
      expect(res.status).toBe(401);
      expect(res.error().msg).toBe('WeChat refused the sign-in: 40125 (invalid appsecret)');
    } finally {
      s.standIn.registerWechatApp({ ...WECHAT_OPEN, redirectHost: new URL(s.t.config.publicUrl).host });
    }

    // A code already redeemed (by someone who intercepted it) with a fresh state of ours.
    const person = wechatPerson();
    const code = s.standIn.issueWechatCode(WECHAT_OPEN.appId, person);
    const first = await openCreate('login');
    await postCallback(s, 'wechat', { code, state: first.ok().state, cookies: browserCookie(first) });
    const second = await openCreate('login');
    const reused = await postCallback(s, 'wechat', {
      code,
      state: second.ok().state,
      cookies: browserCookie(second),
    });
    expect(reused.error().msg).toBe('WeChat refused the sign-in: 40163 (code been used)');
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
    expect(bound.status, bound.text).toBe(200);
    expect(bound.ok()).toMatchObject({
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
    expect(taken.status).toBe(409);
    expect(taken.error().msg).toBe('This WeChat account is already linked to another user');

    const anonymous = await openCreate('bind');
    expect(anonymous.error().error_code).toBe('BEARER_TOKEN_ERROR');
    const offiAnonymous = await offiCreate({ type: 'bind' });
    expect(offiAnonymous.error().error_code).toBe('BEARER_TOKEN_ERROR');
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
    ).ok();
    const wechatOnly = { id: created.user?.id ?? '', email: created.user?.email ?? '' };
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
