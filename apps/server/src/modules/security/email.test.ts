import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { maskEmail } from '../users/mask-email';
import { signIn } from './security-test-kit';

const EMAIL = '/api/account/security/email';

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

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload });

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
    const sent = await post(`${EMAIL}/verification-code`, user.auth);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent: true, expires_in: 600, resend_in: 60, msg_type: 'success' });
    expect(sent.json().to).toBe(maskEmail(user.email));
    const code = await codeMailedTo(user.email);
    // Only a hash is stored, never the code.
    const rows = await t.platform.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.userId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(code);

    const wrong = await post(`${EMAIL}/verify`, user.auth, { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: 'The code is wrong' });
    expect((await userRow(user.userId))?.emailVerified).toBe(false);

    const ok = await post(`${EMAIL}/verify`, user.auth, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email_verified: true });
    expect((await userRow(user.userId))?.emailVerified).toBe(true);

    const reused = await post(`${EMAIL}/verify`, user.auth, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.code).toBe(
      'The code has expired or was already used, please ask for a new one',
    );

    const already = await post(`${EMAIL}/verification-code`, user.auth);
    expect(already.statusCode).toBe(409);
  });

  it('bad input is a VALIDATION_ERROR naming the field', async () => {
    const user = await signUpUser(t.app);
    for (const [url, payload, field] of [
      [`${EMAIL}/verify`, {}, 'code'],
      [`${EMAIL}/verify`, { code: '12345' }, 'code'],
      [`${EMAIL}/verify`, { code: '12345a' }, 'code'],
      [`${EMAIL}/change-code`, { password: user.password }, 'new_email'],
      [`${EMAIL}/change-code`, { new_email: 'not-an-email', password: user.password }, 'new_email'],
      [`${EMAIL}/change-code`, { new_email: 'new@example.com' }, 'password'],
      [`${EMAIL}/change`, { code: 'abcdef' }, 'code'],
    ] as const) {
      const res = await post(url, user.auth, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });

  it('a second code within a minute is RATE_LIMITED; an expired code is refused', async () => {
    const user = await signUpUser(t.app);
    expect((await post(`${EMAIL}/verification-code`, user.auth)).statusCode).toBe(200);
    const code = await codeMailedTo(user.email);
    const again = await post(`${EMAIL}/verification-code`, user.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json()._retry_.waiting_time).toBeGreaterThan(0);
    expect(again.json()._retry_.waiting_time).toBeLessThanOrEqual(60);

    await t.platform.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%:${user.userId}`));
    const late = await post(`${EMAIL}/verify`, user.auth, { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields.code).toBe(
      'The code has expired or was already used, please ask for a new one',
    );
    expect((await userRow(user.userId))?.emailVerified).toBe(false);
  });

  it('five wrong tries spend the code, even the right one fails afterwards', async () => {
    const user = await signUpUser(t.app);
    await post(`${EMAIL}/verification-code`, user.auth);
    const code = await codeMailedTo(user.email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await post(`${EMAIL}/verify`, user.auth, { code: otherCode(code) })).json().fields.code);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('The code is wrong'));
    expect(answers[4]).toBe('Too many wrong codes, please ask for a new one');
    const right = await post(`${EMAIL}/verify`, user.auth, { code });
    expect(right.statusCode).toBe(400);
    expect((await userRow(user.userId))?.emailVerified).toBe(false);

    // A new code (after the resend wait) works again.
    await forgetResendWait(user.userId);
    await post(`${EMAIL}/verification-code`, user.auth);
    expect(
      (await post(`${EMAIL}/verify`, user.auth, { code: await codeMailedTo(user.email) })).statusCode,
    ).toBe(200);
  });

  it('changing the e-mail: password, code to the NEW address, the old address told', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const newEmail = `renamed-${user.userId.slice(0, 8)}@example.com`;

    const badPassword = await post(`${EMAIL}/change-code`, user.auth, {
      new_email: newEmail,
      password: 'wrong-one-1',
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().fields).toEqual({ password: 'The password is wrong' });
    const same = await post(`${EMAIL}/change-code`, user.auth, {
      new_email: user.email,
      password: user.password,
    });
    expect(same.json().fields).toEqual({ new_email: 'This is already your e-mail address' });
    const taken = await post(`${EMAIL}/change-code`, user.auth, {
      new_email: other.email.toUpperCase(),
      password: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error_code: 'CONFLICT',
      msg: 'The email already exists',
      fields: { new_email: 'The email already exists' },
    });
    expect(smtp.inbox.some((m) => m.to.includes(newEmail))).toBe(false);

    const sent = await post(`${EMAIL}/change-code`, user.auth, {
      new_email: newEmail,
      password: user.password,
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeMailedTo(newEmail);
    expect((await userRow(user.userId))?.email).toBe(user.email);

    const wrong = await post(`${EMAIL}/change`, user.auth, { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    const changed = await post(`${EMAIL}/change`, user.auth, { code });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email_verified: true });
    const row = await userRow(user.userId);
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    expect(smtp.inbox.some((m) => m.to.includes(user.email) && mailText(m.raw).includes('was changed'))).toBe(
      true,
    );

    expect((await post(`${EMAIL}/change`, user.auth, { code })).statusCode).toBe(400);
    expect((await signIn(t.app, newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
  });

  it('an address taken between the code and the change is a CONFLICT, and nothing changes', async () => {
    const user = await signUpUser(t.app);
    const wanted = `wanted-${user.userId.slice(0, 8)}@example.com`;
    await post(`${EMAIL}/change-code`, user.auth, { new_email: wanted, password: user.password });
    const code = await codeMailedTo(wanted);
    await signUpUser(t.app, { email: wanted });
    const res = await post(`${EMAIL}/change`, user.auth, { code });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ new_email: 'The email already exists' });
    expect((await userRow(user.userId))?.email).toBe(user.email);
  });
});

describe('e-mail codes without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the mail was not sent and keeps no code pending', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${EMAIL}/verification-code`,
      headers: user.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: false, msg_type: 'error' });
    const rows = await t.platform.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.userId}`));
    expect(rows).toEqual([]);
  });
});
