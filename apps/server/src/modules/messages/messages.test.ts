import { putPersonalization } from '@app/contract/account/personalization/personalization';
import { putNotificationSettings } from '@app/contract/account/sys-settings/notifications';
import { inviteTeamMember } from '@app/contract/account/teams/team-invites';
import { createTeam, listMyTeams } from '@app/contract/account/teams/teams';
import { listEmailLogs, resendEmail } from '@app/contract/messages/email-logs';
import { listInboxMessages, markAllMessagesRead, markMessagesRead } from '@app/contract/messages/inbox';
import { previewSend, type SendInput, sendMessage } from '@app/contract/messages/send';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, users } from '../../db/schema';
import type { BusMessage } from '../../platform/event-bus';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { mailBody, mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('inbox, admin send and e-mail logs', () => {
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

  const basicInfos = async (as: Caller) => (await callEndpoint(t.app, getBasicInfos, { as })).ok();
  const send = (body: SendInput, as: Caller = admin) => callEndpoint(t.app, sendMessage, { as, body });

  it('an in-app send reaches the chosen users only: inbox, basic infos and their live stream', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('user_basic', ada.userId, (m) => heard.push(m));

    const sent = await send({
      audience: { kind: 'users', user_ids: [ada.userId] },
      in_app: true,
      email: false,
      level: 'other',
      title: 'Welcome',
      body: 'Your workspace is ready.',
    });
    // Level other: the default settings send no e-mail for it.
    expect(sent.ok()).toMatchObject({ recipients: 1, emails_queued: 0 });

    const infos = await basicInfos(ada);
    expect(infos.msgs_unread.total).toBe(1);
    expect(infos.msgs_unread.msgs[0]).toMatchObject({
      level: 'other',
      title: 'Welcome',
      body: 'Your workspace is ready.',
    });
    expect((await basicInfos(bob)).msgs_unread).toEqual({ total: 0, msgs: [] });

    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]?.payload).toEqual({ msgs_unread: infos.msgs_unread });
    stop();
  });

  it('mark read and mark all read lower the count; another user’s ids change nothing', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    for (const title of ['One', 'Two', 'Three']) {
      await send({
        audience: { kind: 'users', user_ids: [ada.userId, bob.userId] },
        in_app: true,
        email: false,
        level: 'special',
        title,
        body: 'x',
      });
    }
    const list = (await callEndpoint(t.app, listInboxMessages, { as: ada })).ok();
    expect(list).toMatchObject({ total: 3, unread_total: 3 });
    expect(list.items.map((m) => m.title)).toEqual(['Three', 'Two', 'One']);
    const first = list.items[0]?.id ?? '';
    const markRead = (as: Caller, ids: string[]) =>
      callEndpoint(t.app, markMessagesRead, { as, body: { ids } });

    // Bob tries to mark Ada's messages read: nothing of Ada's changes.
    const foreign = await markRead(bob, [first]);
    expect(foreign.ok()).toMatchObject({ updated: 0, unread_total: 3 });
    expect((await basicInfos(ada)).msgs_unread.total).toBe(3);

    const one = await markRead(ada, [first]);
    expect(one.ok()).toEqual({ updated: 1, unread_total: 2 });
    const unreadOnly = await callEndpoint(t.app, listInboxMessages, {
      as: ada,
      query: { filters: JSON.stringify([{ field: 'read', operator: 'eq', value: false }]) },
    });
    expect(unreadOnly.ok().items.map((m) => m.title)).toEqual(['Two', 'One']);

    const all = await callEndpoint(t.app, markAllMessagesRead, { as: ada });
    expect(all.ok()).toEqual({ updated: 2, unread_total: 0 });
    expect((await basicInfos(ada)).msgs_unread.total).toBe(0);
    expect((await basicInfos(bob)).msgs_unread.total).toBe(3);
  });

  it('the e-mail channel delivers over SMTP and the log says sent', async () => {
    const ada = await signUpUser(t.app);
    const sent = await send({
      audience: { kind: 'users', user_ids: [ada.userId] },
      in_app: false,
      email: true,
      level: 'other',
      title: 'Maintenance tonight',
      body: 'We will be down from 2 to 3.',
    });
    expect(sent.ok()).toMatchObject({ recipients: 1, emails_queued: 1 });
    await expect.poll(() => smtp.inbox.filter((mail) => mail.to.includes(ada.email)).length).toBe(1);
    const mail = smtp.inbox.find((m) => m.to.includes(ada.email));
    expect(mailText(mail?.raw ?? '')).toContain('We will be down from 2 to 3.');
    // Not in the inbox: e-mail only.
    expect((await basicInfos(ada)).msgs_unread.total).toBe(0);

    await expect
      .poll(async () => {
        const [log] = await t.platform.db.select().from(emailLogs).where(eq(emailLogs.to, ada.email));
        return log?.status;
      })
      .toBe('sent');
  });

  it("writes each e-mail in its recipient's language: greeting, text, signature and why they get it", async () => {
    const french = await signUpUser(t.app, { name: 'Aimée' });
    (await callEndpoint(t.app, putPersonalization, { as: french, body: { language: 'fr_FR' } })).ok();
    await send({
      audience: { kind: 'users', user_ids: [french.userId] },
      in_app: false,
      email: true,
      level: 'other',
      title: 'Nouveautés',
      body: 'Les rapports mensuels sont arrivés.',
    });
    await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(french.email))).toBe(true);
    const body = mailBody(smtp.inbox.find((mail) => mail.to.includes(french.email))?.raw ?? '');
    expect(body).toContain('Bonjour Aimée,');
    expect(body).toContain('Les rapports mensuels sont arrivés.');
    expect(body).toContain('L’équipe Marketing AI Workspace');
    expect(body).toContain('paramètres de notification');
    // An HTML part too, with the text escaped.
    expect(body).toContain('<p style="margin:0 0 16px">Bonjour Aimée,</p>');
  });

  it('important in-app messages also go by e-mail unless the user turned that off', async () => {
    const keeps = await signUpUser(t.app);
    const optedOut = await signUpUser(t.app);
    (
      await callEndpoint(t.app, putNotificationSettings, {
        as: optedOut,
        body: { email: { important: false } },
      })
    ).ok();
    const sent = await send({
      audience: { kind: 'users', user_ids: [keeps.userId, optedOut.userId] },
      in_app: true,
      email: false,
      level: 'important',
      title: 'Billing change',
      body: 'Prices change next month.',
    });
    expect(sent.ok()).toMatchObject({ recipients: 2, emails_queued: 1 });
    await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(keeps.email))).toBe(true);
    expect(smtp.inbox.some((mail) => mail.to.includes(optedOut.email))).toBe(false);
  });

  it('audiences: a role, a team; preview counts without sending; banned users receive nothing', async () => {
    const op = await signUpUser(t.app);
    const banned = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'operator' }).where(eq(users.id, op.userId));
    await t.platform.db
      .update(users)
      .set({ role: 'operator', banned: true })
      .where(eq(users.id, banned.userId));
    const input = {
      in_app: true,
      email: false,
      level: 'other',
      title: 'Ops',
      body: 'Hello operators',
    } as const;

    const preview = await callEndpoint(t.app, previewSend, {
      as: admin,
      body: { ...input, audience: { kind: 'role', role: 'operator' } },
    });
    expect(preview.ok()).toMatchObject({ recipients: 1, sample: [{ id: op.userId }], email: null });
    expect((await basicInfos(op)).msgs_unread.total).toBe(0);

    const [team] = (await callEndpoint(t.app, listMyTeams, { as: op })).ok().items;
    if (!team) throw new Error('no team');
    const toTeam = await send({ ...input, audience: { kind: 'team', team_id: team.id } });
    expect(toTeam.ok().recipients).toBe(1);
    expect((await basicInfos(op)).msgs_unread.total).toBe(1);
  });

  it('refuses a send with no channel, no users, or an unknown team, naming the field', async () => {
    const base = { level: 'other', title: 'x', body: 'y' } as const;
    const noChannel = await send({ ...base, audience: { kind: 'all' }, in_app: false, email: false });
    expect(noChannel.status).toBe(400);
    expect(noChannel.error().fields).toHaveProperty('in_app');
    const noUsers = await send({
      ...base,
      audience: { kind: 'users', user_ids: [] },
      in_app: true,
      email: false,
    });
    expect(noUsers.status).toBe(400);
    expect(Object.keys(noUsers.error().fields ?? {}).join()).toContain('user_ids');
    const noTeam = await send({
      ...base,
      audience: { kind: 'team', team_id: 'nope' },
      in_app: true,
      email: false,
    });
    expect(noTeam.status).toBe(400);
    expect(noTeam.error().fields).toHaveProperty(['audience.team_id']);
  });

  it('only holders of the messages permission may send or read logs', async () => {
    const user = await signUpUser(t.app);
    const refused = await send(
      { audience: { kind: 'all' }, in_app: true, email: false, level: 'other', title: 'x', body: 'y' },
      user,
    );
    expect(refused.status).toBe(403);
    expect((await callEndpoint(t.app, listEmailLogs, { as: user })).status).toBe(403);
  });

  it('logs mails with a one-time link without their text, and will not resend them', async () => {
    const owner = await signUpUser(t.app);
    const { team } = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Growth' } })).ok();
    const invited = await callEndpoint(t.app, inviteTeamMember, {
      as: owner,
      params: { id: team.id },
      body: { email: 'guest@example.com', role: 'member' },
    });
    expect(invited.status, invited.text).toBe(200);
    const logs = await callEndpoint(t.app, listEmailLogs, { as: admin, query: { q: 'guest@example.com' } });
    const [log] = logs.ok().items;
    expect(log).toMatchObject({ template: 'team.invite', text: null, resendable: false, status: 'sent' });
    const resend = await callEndpoint(t.app, resendEmail, { as: admin, params: { id: log?.id ?? '' } });
    expect(resend.status).toBe(409);
  });
});

describe('e-mail while SMTP is down', () => {
  it('stays queued with the error, and a resend delivers it once SMTP is back', async () => {
    // A port nothing listens on yet; the SMTP server starts there later.
    const probe = await startSmtpServer();
    const url = probe.url;
    await probe.close();
    const t = await createTestApp({ SMTP_URL: url });
    const admin = await signInAdmin(t.app);
    const ada = await signUpUser(t.app);
    try {
      await callEndpoint(t.app, sendMessage, {
        as: admin,
        body: {
          audience: { kind: 'users', user_ids: [ada.userId] },
          in_app: false,
          email: true,
          level: 'other',
          title: 'Hello',
          body: 'Are you there?',
        },
      });
      let log: typeof emailLogs.$inferSelect | undefined;
      await expect
        .poll(async () => {
          [log] = await t.platform.db.select().from(emailLogs).where(eq(emailLogs.to, ada.email));
          return log?.attempts;
        })
        .toBe(1);
      expect(log).toMatchObject({ status: 'queued' });
      expect(log?.error).toMatch(/not sent/);

      const port = Number(new URL(url).port);
      const back = await startSmtpServer(port);
      try {
        const resend = await callEndpoint(t.app, resendEmail, { as: admin, params: { id: log?.id ?? '' } });
        expect(resend.ok()).toMatchObject({ status: 'sent', attempts: 2, error: null });
        expect(back.inbox.map((mail) => mail.to)).toEqual([[ada.email]]);
      } finally {
        await back.close();
      }
    } finally {
      await t.close();
    }
  });
});
