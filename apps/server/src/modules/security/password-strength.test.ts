import { postChangePassword, postSetPassword } from '@app/contract/account/security/password';
import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignUp } from '@app/contract/auth/sign-up';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import type { Call } from '../../test/call-endpoint';
import { callEndpoint } from '../../test/call-endpoint';
import { signUpUser } from '../../test/test-app';
import { passwordWeakness, personalWords } from '../auth/password-strength';
import {
  bearer,
  googlePerson,
  googleSignIn,
  type SocialTestApp,
  socialTestApp,
} from '../social/social.test-kit';
import { signIn } from './security-test-kit';

/**
 * The rule (issue 9, item 9): wherever a password is set (sign-up, reset link, change, first
 * password) it must reach zxcvbn score 3 with the user's own name and address counted as known
 * words. A refusal is a VALIDATION_ERROR on the form's field that says why, and nothing is stored.
 */

const NAME = 'Ada Lovelace';
const STRONG = 'tidal lantern orchard velvet';
const COMMON = 'This password is too common.';
const PERSONAL = 'The password must not contain your name or e-mail address.';
const BLANK = 'The password cannot be only spaces.';

let people = 0;
/** A fresh address for Ada: every entry point gets its own account. */
const adaEmail = () => {
  people += 1;
  return `ada.lovelace.${people}.${Date.now().toString(36)}@example.com`;
};

/** The weak passwords of the issue, each with the reason the user is told first. */
function weakPasswords(email: string): [string, string, string][] {
  return [
    ['the most common password', 'password', COMMON],
    ['digits in a row', '12345678', COMMON],
    ['eight spaces', ' '.repeat(8), BLANK],
    ["the account's own e-mail", email, PERSONAL],
    ["the user's name plus digits", 'Lovelace1815', PERSONAL],
    ["the user's whole name run together, with a year", 'AdaLovelace2024', PERSONAL],
  ];
}

describe('password strength, the rule itself', () => {
  it('counts the name, its words, the address, its local part and its domain as personal', () => {
    expect(personalWords({ name: 'Ada Lovelace', email: 'ada.lovelace@acme.com' }).sort()).toEqual(
      [
        'acme',
        'ada',
        'ada lovelace',
        'ada.lovelace',
        'ada.lovelace@acme.com',
        'adalovelace',
        'lovelace',
      ].sort(),
    );
  });

  it("adds the library's advice after the reason, e.g. what pattern was found", async () => {
    const weakness = await passwordWeakness('2019-05-04', { name: NAME, email: 'ada@example.com' });
    expect(weakness).toEqual({
      reason: 'predictable',
      warning: 'Dates are easy to guess.',
      suggestions: expect.arrayContaining(['Avoid dates and years that are associated with you.']),
    });
  });

  it('calls a weak password personal only when it holds the name as a word of its own', async () => {
    const owner = { name: 'Ada Lovelace', email: 'ada@example.com' };
    expect((await passwordWeakness('Ada12345678', owner))?.reason).toBe('personal');
    // Refused all the same, for what it is: a common word and a year.
    expect((await passwordWeakness('canada2024', owner))?.reason).toBe('common');
  });

  it('accepts a passphrase of ordinary words, and a random string', async () => {
    const owner = { name: NAME, email: 'ada@example.com' };
    expect(await passwordWeakness(STRONG, owner)).toBeNull();
    expect(await passwordWeakness('q8#Vt2!mZr6p', owner)).toBeNull();
  });
});

describe('password strength at every entry point', () => {
  const signUpEmail = adaEmail();
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  function expectRefused(res: Call<never>, field: string, reason: string): void {
    expect(res.status, res.text).toBe(400);
    const body = res.error();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
    expect(body.fields?.[field]?.startsWith(reason)).toBe(true);
  }
  const signUp = (password: string, headers: Record<string, string> = {}) =>
    callEndpoint(s.t.app, postSignUp, { body: { name: NAME, email: signUpEmail, password }, headers });
  const reset = (token: string, newPassword: string) =>
    callEndpoint(s.t.app, postResetPassword, { body: { token, newPassword } });

  async function passwordHash(userId: string) {
    const [row] = await s.t.platform.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    return row?.password ?? null;
  }

  describe('sign-up', () => {
    const email = signUpEmail;
    it.each(weakPasswords(email))(
      'refuses %s on `password` and creates no account',
      async (_, password, reason) => {
        expectRefused(await signUp(password), 'password', reason);
        expect(await s.t.platform.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      },
    );

    it("says why in the reader's language, with the library's advice", async () => {
      const res = await signUp('password', { 'accept-language': 'zh-CN' });
      expect(res.error().fields?.password).toBe('这个密码太常见了。 再加几个不常见的单词。');
    });

    it('accepts a strong passphrase', async () => {
      const res = await signUp(STRONG);
      expect(res.status, res.text).toBe(200);
    });
  });

  describe('reset link', () => {
    const email = adaEmail();
    let user: Awaited<ReturnType<typeof signUpUser>>;
    let token: string;
    beforeAll(async () => {
      user = await signUpUser(s.t.app, { name: NAME, email });
      token = `reset-${Date.now().toString(36)}-link-token`;
      // The link an admin's "reset password" mails (admin-users.service.ts), made directly.
      const authContext = await s.t.platform.auth.$context;
      await authContext.internalAdapter.createVerificationValue({
        identifier: `reset-password:${token}`,
        value: user.userId,
        expiresAt: new Date(Date.now() + 3600_000),
      });
    });

    it.each(weakPasswords(email))(
      'refuses %s on `newPassword`; the link still works',
      async (_, newPassword, reason) => {
        const before = await passwordHash(user.userId);
        expectRefused(await reset(token, newPassword), 'newPassword', reason);
        expect(await passwordHash(user.userId)).toBe(before);
        expect((await signIn(s.t.app, user.email, user.password)).status).toBe(200);
      },
    );

    it('a dead link is refused as such, whatever the password', async () => {
      const res = await reset('no-such-token', 'password');
      expect(res.status).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual(['token']);
    });

    it('accepts a strong passphrase with the same link', async () => {
      const res = await reset(token, STRONG);
      expect(res.status, res.text).toBe(200);
      expect((await signIn(s.t.app, user.email, STRONG)).status).toBe(200);
    });
  });

  describe('change password', () => {
    const email = adaEmail();
    let user: Awaited<ReturnType<typeof signUpUser>>;
    beforeAll(async () => {
      user = await signUpUser(s.t.app, { name: NAME, email });
    });

    it.each(weakPasswords(email))(
      'refuses %s on `new_password`; the old one still works',
      async (_, next, reason) => {
        const res = await callEndpoint(s.t.app, postChangePassword, {
          as: user,
          body: { current_password: user.password, new_password: next, confirm_password: next },
        });
        expectRefused(res, 'new_password', reason);
        expect((await signIn(s.t.app, user.email, user.password)).status).toBe(200);
      },
    );

    it('accepts a strong passphrase', async () => {
      const res = await callEndpoint(s.t.app, postChangePassword, {
        as: user,
        body: { current_password: user.password, new_password: STRONG, confirm_password: STRONG },
      });
      expect(res.status, res.text).toBe(200);
      expect((await signIn(s.t.app, user.email, STRONG)).status).toBe(200);
    });
  });

  describe('first password of an account made by Google sign-in', () => {
    const email = adaEmail();
    let token: string | null;
    beforeAll(async () => {
      const signedIn = await googleSignIn(s, googlePerson({ email, name: NAME }));
      token = signedIn.ok().token;
    });
    const hasPassword = async () =>
      (await callEndpoint(s.t.app, getSecurityOverview, { as: bearer(token) })).ok().has_password;
    const setPassword = (password: string) =>
      callEndpoint(s.t.app, postSetPassword, {
        as: bearer(token),
        body: { new_password: password, confirm_password: password },
      });

    it.each(weakPasswords(email))(
      'refuses %s on `new_password` and sets nothing',
      async (_, password, reason) => {
        expectRefused(await setPassword(password), 'new_password', reason);
        expect(await hasPassword()).toBe(false);
      },
    );

    it('accepts a strong passphrase', async () => {
      const res = await setPassword(STRONG);
      expect(res.status, res.text).toBe(200);
      expect(await hasPassword()).toBe(true);
    });
  });
});
