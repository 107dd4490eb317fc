import { postConfirmTwoFactor, postEnableTwoFactor } from '@app/contract/account/security/two-factor';
import { postVerifyTotp } from '@app/contract/auth/two-factor';
import { postGoogleSignInCreate } from '@app/contract/social/google';
import { deleteSocialAccount, getSocialProviders, listSocialAccounts } from '@app/contract/social/social';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, socialAccounts, teams, users, verifications } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { signUpUser } from '../../test/test-app';
import { totpCode } from '../security/security-test-kit';
import { BROWSER_COOKIE, STATE_EXPIRED, STATE_INVALID, STATE_OTHER_BROWSER, STATE_USED } from './oauth-state';
import {
  bearer,
  GOOGLE_CLIENT,
  googlePerson,
  googleReturn,
  googleSignIn,
  postCallback,
  type SocialTestApp,
  socialTestApp,
} from './social.test-kit';
import { EMAIL_TAKEN_UNVERIFIED, GOOGLE_EMAIL_UNVERIFIED } from './social-identity.service';

describe('Google sign-in and linking against a stand-in Google', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  const socialAccountsOf = async (as: Caller) =>
    (await callEndpoint(s.t.app, listSocialAccounts, { as })).ok();

  it('tells the web which providers are configured', async () => {
    const res = await callEndpoint(s.t.app, getSocialProviders);
    expect(res.ok()).toMatchObject({
      google: { configured: true },
      wechat_open: { configured: true },
      wechat_offi: { configured: true },
    });
  });

  it('the consent URL names our client and callback, with a signed state and a PKCE challenge', async () => {
    const res = await callEndpoint(s.t.app, postGoogleSignInCreate, { body: {} });
    const url = new URL(res.ok().url);
    expect(`${url.origin}${url.pathname}`).toBe(s.standIn.env().GOOGLE_AUTH_URL);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(GOOGLE_CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(`${s.t.config.publicUrl}/google/oauth/code/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toMatch(/^[0-9a-f]{96}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The flow is tied to this browser by a cookie scripts cannot read.
    const cookie = res.cookies.find((c) => c.name === BROWSER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  });

  it('the first sign-in creates the user with a personal team; the next signs the same user in', async () => {
    const person = googlePerson({ name: 'Ada Lovelace' });
    const first = await googleSignIn(s, person, { next: '/chat/abc?x=1' });
    const body = first.ok();
    expect(body).toMatchObject({
      purpose: 'sign_in',
      created: true,
      two_factor_required: false,
      next: '/chat/abc?x=1',
      user: { email: person.email, name: 'Ada Lovelace' },
      account: { provider: 'google', display_name: 'Ada Lovelace', email: person.email },
    });
    expect(first.cookies.find((c) => c.name === 'app_token')?.value).toBe(body.token);

    // A normal account: basic infos answer (personal team), the e-mail counts as verified.
    const me = await callEndpoint(s.t.app, getBasicInfos, { as: bearer(body.token) });
    expect(me.ok().username).toBe('Ada Lovelace');
    const userId = body.user?.id ?? '';
    const [row] = await s.t.platform.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);
    const owned = await s.t.platform.db.select().from(teams).where(eq(teams.ownerId, userId));
    expect(owned).toEqual([expect.objectContaining({ personal: true })]);

    const second = (await googleSignIn(s, person)).ok();
    expect(second).toMatchObject({ created: false, user: { id: userId }, next: null });
    expect(second.token).not.toBe(body.token);
    const links = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId));
    expect(links).toHaveLength(1);
    const history = await s.t.platform.db.select().from(signInEvents).where(eq(signInEvents.userId, userId));
    expect(history.filter((e) => e.method === 'google' && e.success)).toHaveLength(2);
  });

  it('a state is spent by its first callback: a replay is refused before Google is asked', async () => {
    const ret = await googleReturn(s, googlePerson());
    expect((await postCallback(s, 'google', ret)).status).toBe(200);
    const tokenCalls = s.standIn.seen.filter((r) => r === 'POST /google/token').length;
    const replay = await postCallback(s, 'google', ret);
    expect(replay.status).toBe(401);
    expect(replay.error()).toMatchObject({ error_code: 'UNAUTHORIZED', msg: STATE_USED });
    expect(s.standIn.seen.filter((r) => r === 'POST /google/token').length).toBe(tokenCalls);
  });

  it('a forged state is refused, and so is a real one past its 10 minutes', async () => {
    const ret = await googleReturn(s, googlePerson());
    const flipped = `${ret.state.slice(0, 95)}${ret.state.endsWith('0') ? '1' : '0'}`;
    const otherNonce = `${'a'.repeat(32)}${ret.state.slice(32)}`;
    for (const state of [flipped, otherNonce, 'not-a-state', `${ret.state}00`]) {
      const res = await postCallback(s, 'google', { ...ret, state });
      expect(res.status, state).toBe(401);
      expect(res.error().msg).toBe(STATE_INVALID);
    }

    const nonce = ret.state.slice(0, 32);
    await s.t.platform.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `social-state:${nonce}`));
    const expired = await postCallback(s, 'google', ret);
    expect(expired.status).toBe(401);
    expect(expired.error().msg).toBe(STATE_EXPIRED);
  });

  it('a callback from another browser (no or another cookie) is refused', async () => {
    const ret = await googleReturn(s, googlePerson());
    const res = await postCallback(s, 'google', { ...ret, cookies: {} });
    expect(res.status).toBe(401);
    expect(res.error().msg).toBe(STATE_OTHER_BROWSER);

    const again = await googleReturn(s, googlePerson());
    const other = await postCallback(s, 'google', {
      ...again,
      cookies: { [BROWSER_COOKIE]: 'x'.repeat(43) },
    });
    expect(other.error().msg).toBe(STATE_OTHER_BROWSER);
  });

  it("Google's refusal reaches the user in words: a code issued to another client, a wrong secret", async () => {
    s.standIn.registerGoogleClient({
      clientId: 'someone-elses-client',
      clientSecret: 'their-secret',
      redirectUris: [`${s.t.config.publicUrl}/google/oauth/code/callback`],
    });
    const created = await callEndpoint(s.t.app, postGoogleSignInCreate, { body: {} });
    const consent = new URL(created.ok().url);
    consent.searchParams.set('client_id', 'someone-elses-client');
    s.standIn.consentGoogle(googlePerson());
    const back = await s.standIn.visit(consent.toString());
    if (!back.redirected || !back.code || !back.state) throw new Error('no redirect');
    const cookie = created.cookies.find((c) => c.name === BROWSER_COOKIE)?.value ?? '';
    const res = await postCallback(s, 'google', {
      code: back.code,
      state: back.state,
      cookies: { [BROWSER_COOKIE]: cookie },
    });
    expect(res.status).toBe(401);
    expect(res.error()).toMatchObject({
      error_code: 'UNAUTHORIZED',
      msg: 'Google refused the sign-in: invalid_grant (The code was issued to another client.)',
    });

    // The secret was rotated at Google but not here.
    const ret = await googleReturn(s, googlePerson());
    s.standIn.registerGoogleClient({
      ...GOOGLE_CLIENT,
      clientSecret: 'rotated',
      redirectUris: [`${s.t.config.publicUrl}/google/oauth/code/callback`],
    });
    try {
      const refused = await postCallback(s, 'google', ret);
      expect(refused.error().msg).toBe(
        'Google refused the sign-in: invalid_client (The OAuth client was not found.)',
      );
    } finally {
      s.standIn.registerGoogleClient({
        ...GOOGLE_CLIENT,
        redirectUris: [`${s.t.config.publicUrl}/google/oauth/code/callback`],
      });
    }
  });

  it('signs into the account whose address Google verified, if we verified it too, and links it', async () => {
    const local = await signUpUser(s.t.app);
    await s.t.platform.db.update(users).set({ emailVerified: true }).where(eq(users.id, local.userId));
    const res = await googleSignIn(s, googlePerson({ email: local.email }));
    expect(res.status, res.text).toBe(200);
    expect(res.ok()).toMatchObject({ created: false, user: { id: local.userId } });
    const links = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, local.userId));
    expect(links).toHaveLength(1);
  });

  it('does not take over an account whose address nobody verified, nor create one without a verified address', async () => {
    const local = await signUpUser(s.t.app);
    const person = googlePerson({ email: local.email });
    const res = await googleSignIn(s, person);
    expect(res.status).toBe(409);
    expect(res.error()).toMatchObject({ error_code: 'CONFLICT', msg: EMAIL_TAKEN_UNVERIFIED });
    expect(
      await s.t.platform.db.select().from(socialAccounts).where(eq(socialAccounts.subject, person.sub)),
    ).toEqual([]);

    const unverified = googlePerson({ email_verified: false });
    const refused = await googleSignIn(s, unverified);
    expect(refused.status).toBe(401);
    expect(refused.error().msg).toBe(GOOGLE_EMAIL_UNVERIFIED);
    expect(await s.t.platform.db.select().from(users).where(eq(users.email, unverified.email))).toEqual([]);
  });

  it('links Google to the signed-in user, who can then sign in with it', async () => {
    const local = await signUpUser(s.t.app);
    const person = googlePerson({ name: 'Linked Person' });
    const ret = await googleReturn(s, person, { bind: true, headers: local.auth });
    const res = await postCallback(s, 'google', ret, local.auth);
    expect(res.status, res.text).toBe(200);
    expect(res.ok()).toMatchObject({
      purpose: 'bind',
      token: null,
      next: '/account/security',
      account: { provider: 'google', display_name: 'Linked Person' },
    });
    expect(await socialAccountsOf(local)).toMatchObject({
      has_password: true,
      items: [{ provider: 'google', display_name: 'Linked Person', email: person.email }],
    });

    const signedIn = await googleSignIn(s, person);
    expect(signedIn.ok().user?.id).toBe(local.userId);
  });

  it('refuses to link a Google account already linked to someone else, or a second one', async () => {
    const owner = await signUpUser(s.t.app);
    const person = googlePerson();
    expect(
      (
        await postCallback(
          s,
          'google',
          await googleReturn(s, person, { bind: true, headers: owner.auth }),
          owner.auth,
        )
      ).status,
    ).toBe(200);

    const other = await signUpUser(s.t.app);
    const taken = await postCallback(
      s,
      'google',
      await googleReturn(s, person, { bind: true, headers: other.auth }),
      other.auth,
    );
    expect(taken.status).toBe(409);
    expect(taken.error().msg).toBe('This Google account is already linked to another user');

    const second = await postCallback(
      s,
      'google',
      await googleReturn(s, googlePerson(), { bind: true, headers: owner.auth }),
      owner.auth,
    );
    expect(second.status).toBe(409);
    expect(second.error().msg).toBe(
      'Your account is already linked to another Google account. Unlink it first.',
    );
    const [row] = await s.t.platform.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, 'google'), eq(socialAccounts.subject, person.sub)));
    expect(row?.userId).toBe(owner.userId);
  });

  it('a link finishes only in the session that started it', async () => {
    const starter = await signUpUser(s.t.app);
    const ret = await googleReturn(s, googlePerson(), { bind: true, headers: starter.auth });
    const anonymous = await postCallback(s, 'google', ret);
    expect(anonymous.error().error_code).toBe('BEARER_TOKEN_ERROR');

    const again = await googleReturn(s, googlePerson(), { bind: true, headers: starter.auth });
    const intruder = await signUpUser(s.t.app);
    const res = await postCallback(s, 'google', again, intruder.auth);
    expect(res.status).toBe(403);
    expect(
      await s.t.platform.db.select().from(socialAccounts).where(eq(socialAccounts.userId, intruder.userId)),
    ).toEqual([]);
  });

  it('unlinking: refused for the last way to sign in, allowed with a password; others’ links are not found', async () => {
    const created = (await googleSignIn(s, googlePerson())).ok();
    const auth = bearer(created.token);
    const accountId = created.account?.id ?? '';
    const del = (id: string, as: Caller) =>
      callEndpoint(s.t.app, deleteSocialAccount, { as, params: { id } });
    expect((await socialAccountsOf(auth)).has_password).toBe(false);
    const last = await del(accountId, auth);
    expect(last.status).toBe(409);
    expect(last.error().msg).toBe(
      'This is the only way you can sign in, so it cannot be unlinked. Link another account first.',
    );

    const local = await signUpUser(s.t.app);
    expect((await del(accountId, local)).status).toBe(404);

    await postCallback(
      s,
      'google',
      await googleReturn(s, googlePerson(), { bind: true, headers: local.auth }),
      local.auth,
    );
    const [mine] = (await socialAccountsOf(local)).items;
    const removed = await del(mine?.id ?? '', local);
    expect(removed.status).toBe(200);
    expect((await socialAccountsOf(local)).items).toEqual([]);
  });

  it('a user with two-factor authentication still needs their code after Google', async () => {
    const local = await signUpUser(s.t.app);
    const enabled = await callEndpoint(s.t.app, postEnableTwoFactor, {
      as: local,
      body: { password: local.password },
    });
    const { secret } = enabled.ok();
    const confirmed = await callEndpoint(s.t.app, postConfirmTwoFactor, {
      as: local,
      body: { code: totpCode(secret) },
    });
    const { auth: headers } = bearer(confirmed.ok().token);
    const person = googlePerson();
    await postCallback(s, 'google', await googleReturn(s, person, { bind: true, headers }), headers);

    const res = await googleSignIn(s, person);
    const body = res.ok();
    expect(body).toMatchObject({
      token: null,
      two_factor_required: true,
      two_factor_methods: ['totp', 'recovery_code'],
    });
    expect(res.cookies.find((c) => c.name === 'app_token')).toBeUndefined();

    const verified = await callEndpoint(s.t.app, postVerifyTotp, {
      body: { two_factor_token: body.two_factor_token ?? '', code: totpCode(secret) },
    });
    expect(verified.ok().user.id).toBe(local.userId);
  });

  it('a banned user is refused', async () => {
    const person = googlePerson();
    const created = (await googleSignIn(s, person)).ok();
    await s.t.platform.db
      .update(users)
      .set({ banned: true })
      .where(eq(users.id, created.user?.id ?? ''));
    const res = await googleSignIn(s, person);
    expect(res.status).toBe(403);
    expect(res.error().msg).toBe('This account is banned');
  });

  it('next must be a path inside the app', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example', 'chat']) {
      const res = await callEndpoint(s.t.app, postGoogleSignInCreate, { body: { next } });
      expect(res.status, next).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual(['next']);
    }
    const states = await s.t.platform.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, 'social-state%'));
    expect(states.every((row) => !row.value.includes('evil'))).toBe(true);
  });
});
