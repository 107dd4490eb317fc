import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderNotice } from '../../platform/reminders';
import { callEndpoint } from '../../test/call-endpoint';
import { mailBody, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { runReminders } from './reminders.job';

describe('daily reminders', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let notices: ReminderNotice[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      { SMTP_URL: smtp.url },
      {
        beforeReady: (_app, platform) =>
          platform.reminders.register({ name: 'plan_ending', collect: async () => notices }),
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The test's own reminder's runs (modules register theirs too, e.g. billing's expiry reminder). */
  const runPlanEnding = async () =>
    (await runReminders(t.platform)).filter((run) => run.reminder === 'plan_ending');

  const unread = async (auth: Record<string, string>) =>
    (await callEndpoint(t.app, getBasicInfos, { as: { auth } })).ok().msgs_unread;

  it('delivers each reminder once per user and key, however often the job runs', async () => {
    const ada = await signUpUser(t.app);
    notices = [
      {
        userId: ada.userId,
        key: 'sub-1:2026-12',
        level: 'warning',
        title: 'Your plan ends in 7 days',
        body: 'Renew it to keep your credits.',
        link: '/account/subscription',
      },
    ];
    expect(await runPlanEnding()).toEqual([{ reminder: 'plan_ending', collected: 1, delivered: 1 }]);
    // The job retried, or ran on a second instance, or the next day still answers the same notice.
    expect(await runPlanEnding()).toEqual([{ reminder: 'plan_ending', collected: 1, delivered: 0 }]);

    const state = await unread(ada.auth);
    expect(state.total).toBe(1);
    expect(state.msgs[0]).toMatchObject({
      level: 'warning',
      title: 'Your plan ends in 7 days',
      link: '/account/subscription',
    });
    // Warnings go by e-mail by default, with the link as a full address.
    await expect.poll(() => smtp.inbox.filter((mail) => mail.to.includes(ada.email)).length).toBe(1);
    const body = mailBody(smtp.inbox.find((mail) => mail.to.includes(ada.email))?.raw ?? '');
    expect(body).toContain('Renew it to keep your credits.');
    expect(body).toMatch(/https?:\/\/[^\s]+\/account\/subscription/);

    // A new period is a new key: reminded again.
    notices = [{ ...(notices[0] as ReminderNotice), key: 'sub-1:2027-01' }];
    expect((await runPlanEnding())[0]?.delivered).toBe(1);
    expect((await unread(ada.auth)).total).toBe(2);
  });

  it('skips users who no longer exist', async () => {
    notices = [{ userId: 'nobody', key: 'k', level: 'other', title: 'x', body: 'y' }];
    expect(await runPlanEnding()).toEqual([{ reminder: 'plan_ending', collected: 1, delivered: 0 }]);
  });
});
