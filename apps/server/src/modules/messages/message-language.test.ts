import { putPersonalization } from '@app/contract/account/personalization/personalization';
import { LANG_COOKIE } from '@app/contract/common';
import { listInboxMessages } from '@app/contract/messages/inbox';
import { sendMessage } from '@app/contract/messages/send';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, inboxMessages } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { buyPlan, shiftActivePeriod, teamIdOf } from '../billing/billing.test-kit';
import { runReminders } from './reminders.job';

/**
 * Issue 26: what the server writes to a user's inbox is kept as its msgid and parameters and read
 * in the reader's language of the day, not the one they had when it was sent; the e-mail that
 * went with it keeps its subject as sent, and says so.
 */
describe('inbox messages in the reader’s language', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The caller's requests in a language, as the browser sends them after a switch (the cookie). */
  const inLanguage = (as: Caller, language: string) => ({ as, cookies: { [LANG_COOKIE]: language } });
  const inbox = async (as: Caller, language: string) =>
    (await callEndpoint(t.app, listInboxMessages, inLanguage(as, language))).ok().items;

  it('a plan reminder received in English reads in Chinese after the switch; its e-mail subject stays as sent', async () => {
    const user = await signUpUser(t.app, { name: 'Lin' });
    (await callEndpoint(t.app, putPersonalization, { as: user, body: { language: 'en_US' } })).ok();
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    await shiftActivePeriod(t, teamId, 25, 5);
    await runReminders(t.platform);

    // Sent in English, in the inbox and (a warning) by e-mail.
    const [english] = await inbox(user, 'en_US');
    expect(english).toMatchObject({
      title: 'Your plan ends in 7 days',
      email: { subject: 'Your plan ends in 7 days', as_sent: true },
    });
    expect(english?.body).toContain('renew it to keep your credits and storage');
    expect(english?.body).toContain('Pro');
    const [log] = await t.platform.db.select().from(emailLogs).where(eq(emailLogs.userId, user.userId));
    expect(log).toMatchObject({ subject: 'Your plan ends in 7 days', locale: 'en_US' });

    // The user switches to Simplified Chinese: the same message now reads in Chinese, the plan
    // name too; the e-mail's subject is a record of what was sent and stays in English.
    (await callEndpoint(t.app, putPersonalization, { as: user, body: { language: 'zh_CN' } })).ok();
    const [chinese] = await inbox(user, 'zh_CN');
    expect(chinese).toMatchObject({
      id: english?.id,
      title: '您的套餐将在 7 天后到期',
      email: { subject: 'Your plan ends in 7 days', as_sent: true },
    });
    expect(chinese?.body).toContain('请续费以保留积分和存储空间');
    expect(chinese?.body).toContain('专业版');
    expect(chinese?.body).not.toContain('renew');

    // The unread messages of basic infos (the drawer) read in Chinese as well.
    const infos = (await callEndpoint(t.app, getBasicInfos, inLanguage(user, 'zh_CN'))).ok();
    expect(infos.msgs_unread.msgs[0]).toMatchObject({ id: english?.id, title: '您的套餐将在 7 天后到期' });
    // Nothing in the record itself was rewritten: the text as sent is kept beside the key.
    const [row] = await t.platform.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.userId, user.userId));
    expect(row).toMatchObject({ title: 'Your plan ends in 7 days', titleKey: 'Your plan ends in 7 days' });
  });

  it('what an admin typed, and messages kept from before keys, read as written in any language', async () => {
    const user = await signUpUser(t.app);
    (
      await callEndpoint(t.app, sendMessage, {
        as: admin,
        body: {
          audience: { kind: 'users', user_ids: [user.userId] },
          in_app: true,
          email: false,
          level: 'other',
          title: 'Your plan ends in 7 days',
          body: 'Written by hand.',
        },
      })
    ).ok();
    // A message from before this change: no key, only its text.
    await t.platform.db.insert(inboxMessages).values({
      userId: user.userId,
      level: 'warning',
      title: 'Your invoice is ready',
      body: 'An old message.',
      createdAt: new Date(Date.now() - 60_000),
    });
    const items = await inbox(user, 'zh_CN');
    expect(items.map((m) => [m.title, m.body, m.email])).toEqual([
      ['Your plan ends in 7 days', 'Written by hand.', null],
      ['Your invoice is ready', 'An old message.', null],
    ]);
  });
});
