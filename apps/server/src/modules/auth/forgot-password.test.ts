import { putPersonalization } from '@app/contract/account/personalization/personalization';
import { getSetupNotices } from '@app/contract/admin/setup/setup-notices';
import { postForgotPassword } from '@app/contract/auth/forgot-password';
import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignIn } from '@app/contract/auth/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { mailBody, mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('forgot password (POST /api/auth/forgot-password)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  const mailTo = async (address: string) => {
    for (let i = 0; i < 100; i += 1) {
      const mail = smtp.inbox.find((m) => m.to.includes(address));
      if (mail) return mail;
      await pause(20);
    }
    return undefined;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the account a single-use link that sets a new password; the old one stops working', async () => {
    const user = await signUpUser(t.app, { email: 'forgetful@example.com', name: 'Fern' });
    const asked = await callEndpoint(t.app, postForgotPassword, {
      body: { email: ' Forgetful@Example.com ' },
    });
    expect(asked.ok()).toEqual({ requested: true, mail_configured: true });
    const mail = await mailTo('forgetful@example.com');
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Hello Fern,');
    const token = /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';
    expect(token).not.toBe('');

    const newPassword = 'Violet-harbour-kettle-93';
    (await callEndpoint(t.app, postResetPassword, { body: { token, newPassword } })).ok();
    const again = await callEndpoint(t.app, postResetPassword, {
      body: { token, newPassword: 'Other-lantern-field-12' },
    });
    expect(again.status).toBe(400);
    const oldPassword = await callEndpoint(t.app, postSignIn, {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);
    (await callEndpoint(t.app, postSignIn, { body: { email: user.email, password: newPassword } })).ok();
  });

  it('answers the same for an address no account uses, and mails nobody', async () => {
    const before = smtp.inbox.length;
    const asked = await callEndpoint(t.app, postForgotPassword, {
      body: { email: 'nobody-here@example.com' },
    });
    expect(asked.status).toBe(200);
    expect(asked.ok()).toEqual({ requested: true, mail_configured: true });
    await pause(300);
    expect(smtp.inbox.length).toBe(before);
  });

  it('the mail is in the language the account chose', async () => {
    const user = await signUpUser(t.app, { email: 'zhang@example.com', name: '张伟' });
    (await callEndpoint(t.app, putPersonalization, { body: { language: 'zh_CN' }, as: user })).ok();
    await callEndpoint(t.app, postForgotPassword, { body: { email: 'zhang@example.com' } });
    const mail = await mailTo('zhang@example.com');
    expect(mailBody(mail?.raw ?? '')).toContain('有人（可能是您）申请了设置新密码的链接');
  });

  it('a malformed address is refused naming the field', async () => {
    const res = await callEndpoint(t.app, postForgotPassword, { body: { email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect(res.error().fields).toEqual({ email: 'Enter a valid e-mail address' });
  });
});

describe('forgot password on a server without mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers that no mail can go out, the same for any address (so the page never says "check your inbox"); the admin console is told too', async () => {
    await signUpUser(t.app, { email: 'someone@example.com' });
    for (const email of ['someone@example.com', 'nobody@example.com']) {
      const asked = await callEndpoint(t.app, postForgotPassword, { body: { email } });
      expect(asked.ok()).toEqual({ requested: true, mail_configured: false });
    }
    const admin = await signInAdmin(t.app);
    expect((await callEndpoint(t.app, getSetupNotices, { as: admin })).ok()).toEqual({
      mail_configured: false,
    });
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, getSetupNotices, { as: user })).status).toBe(403);
  });
});
