import {
  postChangeEmail,
  postSendEmailChangeCode,
  postSendVerificationCode,
  postVerifyEmail,
} from '@app/contract/account/security/email';
import { maskEmail } from '@app/contract/user/mask-email';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { signIn } from './security-test-kit';

describe('e-mail verification and change with 6-digit codes', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sendCode = (as: Caller) => callEndpoint(t.app, postSendVerificationCode, { as });
  const verify = (as: Caller, code: string) => callEndpoint(t.app, postVerifyEmail, { as, body: { code } });
  const changeCode = (as: Caller, body: { new_email: string; password: string }) =>
    callEndpoint(t.app, postSendEmailChangeCode, { as, body });
  const change = (as: Caller, code: string) => callEndpoint(t.app, postChangeEmail, { as, body: { code } });

  /** The code in the newest mail to `to` (the mail says "Your code is 123456."). */
  async function codeMailedTo(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mail = smtp.inbox.filter((m) => m.to.includes(to)).at(-1);
      const code = mail ? /code is (\d{6})/.exec(mailText(mail.raw))?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no code mailed to ${to}`);
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function userRow(id: string) {
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Lets a test ask for another code at once (the resend wait is a minute). */
  async function forgetResendWait(userId: string) {
    await t.platform.db
      .update(verifications)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(like(verifications.identifier, `%:${userId}`));
  }

  it('a code to the current address verifies it; it works once', async () => {
    const user = await signUpUser(t.app);
    const sent = (await sendCode(user)).ok();
    expect(sent).toMatchObject({ sent: true, expires_in: 600, resend_in: 60, msg_type: 'success' });
    expect(sent.to).toBe(maskEmail(user.email));
    const code = await codeMailedTo(user.email);
    // Only a hash is stored, never the code.
    const rows = await t.platform.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.userId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(code);

    const wrong = await verify(user, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.error().fields).toEqual({ code: 'The code is wrong' });
    expect((await userRow(user.userId))?.emailVerified).toBe(false);

    const ok = await verify(user, code);
    expect(ok.ok()).toMatchObject({ email_verified: true });
    expect((await userRow(user.userId))?.emailVerified).toBe(true);

    const reused = await verify(user, code);
    expect(reused.status).toBe(400);
    expect(reused.error().fields?.code).toBe(
      'The code has expired or was already used, please ask for a new one',
    );

    const already = await sendCode(user);
    expect(already.status).toBe(409);
  });

  it('bad input is a VALIDATION_ERROR naming the field', async () => {
    const user = await signUpUser(t.app);
    // Bodies the contract refuses, sent on purpose (callEndpointRaw).
    for (const [endpoint, body, field] of [
      [postVerifyEmail, {}, 'code'],
      [postVerifyEmail, { code: '12345' }, 'code'],
      [postVerifyEmail, { code: '12345a' }, 'code'],
      [postSendEmailChangeCode, { password: user.password }, 'new_email'],
      [postSendEmailChangeCode, { new_email: 'not-an-email', password: user.password }, 'new_email'],
      [postSendEmailChangeCode, { new_email: 'new@example.com' }, 'password'],
      [postChangeEmail, { code: 'abcdef' }, 'code'],
    ] as const) {
      const res = await callEndpointRaw(t.app, endpoint, { as: user, body });
      expect(res.status, `${endpoint.id} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual([field]);
    }
  });

  it('a second code within a minute is RATE_LIMITED; an expired code is refused', async () => {
    const user = await signUpUser(t.app);
    expect((await sendCode(user)).status).toBe(200);
    const code = await codeMailedTo(user.email);
    const again = await sendCode(user);
    expect(again.status).toBe(429);
    expect(again.error()._retry_?.waiting_time).toBeGreaterThan(0);
    expect(again.error()._retry_?.waiting_time).toBeLessThanOrEqual(60);

    await t.platform.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%:${user.userId}`));
    const late = await verify(user, code);
    expect(late.status).toBe(400);
    expect(late.error().fields?.code).toBe(
      'The code has expired or was already used, please ask for a new one',
    );
    expect((await userRow(user.userId))?.emailVerified).toBe(false);
  });

  it('five wrong tries spend the code, even the right one fails afterwards', async () => {
    const user = await signUpUser(t.app);
    await sendCode(user);
    const code = await codeMailedTo(user.email);
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await verify(user, otherCode(code))).error().fields?.code);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('The code is wrong'));
    expect(answers[4]).toBe('Too many wrong codes, please ask for a new one');
    const right = await verify(user, code);
    expect(right.status).toBe(400);
    expect((await userRow(user.userId))?.emailVerified).toBe(false);

    // A new code (after the resend wait) works again.
    await forgetResendWait(user.userId);
    await sendCode(user);
    expect((await verify(user, await codeMailedTo(user.email))).status).toBe(200);
  });

  it('changing the e-mail: password, code to the NEW address, the old address told', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const newEmail = `renamed-${user.userId.slice(0, 8)}@example.com`;

    const badPassword = await changeCode(user, { new_email: newEmail, password: 'wrong-one-1' });
    expect(badPassword.status).toBe(400);
    expect(badPassword.error().fields).toEqual({ password: 'The password is wrong' });
    const same = await changeCode(user, { new_email: user.email, password: user.password });
    expect(same.error().fields).toEqual({ new_email: 'This is already your e-mail address' });
    const taken = await changeCode(user, { new_email: other.email.toUpperCase(), password: user.password });
    expect(taken.status).toBe(409);
    expect(taken.error()).toMatchObject({
      error_code: 'CONFLICT',
      msg: 'The email already exists',
      fields: { new_email: 'The email already exists' },
    });
    expect(smtp.inbox.some((m) => m.to.includes(newEmail))).toBe(false);

    const sent = await changeCode(user, { new_email: newEmail, password: user.password });
    expect(sent.status).toBe(200);
    const code = await codeMailedTo(newEmail);
    expect((await userRow(user.userId))?.email).toBe(user.email);

    const wrong = await change(user, otherCode(code));
    expect(wrong.status).toBe(400);
    const changed = await change(user, code);
    expect(changed.ok()).toMatchObject({ email_verified: true });
    const row = await userRow(user.userId);
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    expect(smtp.inbox.some((m) => m.to.includes(user.email) && mailText(m.raw).includes('was changed'))).toBe(
      true,
    );

    expect((await change(user, code)).status).toBe(400);
    expect((await signIn(t.app, newEmail, user.password)).status).toBe(200);
    expect((await signIn(t.app, user.email, user.password)).status).toBe(401);
  });

  it('an address taken between the code and the change is a CONFLICT, and nothing changes', async () => {
    const user = await signUpUser(t.app);
    const wanted = `wanted-${user.userId.slice(0, 8)}@example.com`;
    await changeCode(user, { new_email: wanted, password: user.password });
    const code = await codeMailedTo(wanted);
    await signUpUser(t.app, { email: wanted });
    const res = await change(user, code);
    expect(res.status).toBe(409);
    expect(res.error().fields).toEqual({ new_email: 'The email already exists' });
    expect((await userRow(user.userId))?.email).toBe(user.email);
  });
});

describe('e-mail codes without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the mail was not sent because this server cannot send mail (not "try again later"), and keeps no code pending', async () => {
    const user = await signUpUser(t.app);
    const res = await callEndpoint(t.app, postSendVerificationCode, { as: user });
    expect(res.ok()).toMatchObject({
      sent: false,
      msg_type: 'error',
      msg: 'This server cannot send e-mail yet: an administrator has to set up mail first.',
    });
    const rows = await t.platform.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.userId}`));
    expect(rows).toEqual([]);
  });
});
