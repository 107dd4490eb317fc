import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, users } from '../../db/schema';
import type { BusMessage } from '../../platform/event-bus';
import { mailBody, mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('inbox, admin send and e-mail logs', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { auth: Record<string, string> };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const basicInfos = async (headers: Record<string, string>) =>
    (await call('GET', '/api/user/basic-infos', headers)).json();

  it('an in-app send reaches the chosen users only: inbox, basic infos and their live stream', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('user_basic', ada.userId, (m) => heard.push(m));

    const sent = await call('POST', '/api/admin/msg/send', admin.auth, {
      audience: { kind: 'users', user_ids: [ada.userId] },
      in_app: true,
      email: false,
      level: 'other',
      title: 'Welcome',
      body: 'Your workspace is ready.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Level other: the default settings send no e-mail for it.
    expect(sent.json()).toMatchObject({ recipients: 1, emails_queued: 0 });

    const infos = await basicInfos(ada.auth);
    expect(infos.msgs_unread.total).toBe(1);
    expect(infos.msgs_unread.msgs[0]).toMatchObject({
      level: 'other',
      title: 'Welcome',
      body: 'Your workspace is ready.',
    });
    expect((await basicInfos(bob.auth)).msgs_unread).toEqual({ total: 0, msgs: [] });

    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]?.payload).toEqual({ msgs_unread: infos.msgs_unread });
    stop();
  });

  it('mark read and mark all read lower the count; another user’s ids change nothing', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    for (const title of ['One', 'Two', 'Three']) {
      await call('POST', '/api/admin/msg/send', admin.auth, {
        audience: { kind: 'users', user_ids: [ada.userId, bob.userId] },
        in_app: true,
        email: false,
        level: 'special',
        title,
        body: 'x',
      });
    }
    const list = (await call('GET', '/api/account/messages', ada.auth)).json();
    expect(list).toMatchObject({ total: 3, unread_total: 3 });
    expect(list.items.map((m: { title: string }) => m.title)).toEqual(['Three', 'Two', 'One']);

    // Bob tries to mark Ada's messages read: nothing of Ada's changes.
    const foreign = await call('POST', '/api/account/messages/read', bob.auth, { ids: [list.items[0].id] });
    expect(foreign.json()).toMatchObject({ updated: 0, unread_total: 3 });
    expect((await basicInfos(ada.auth)).msgs_unread.total).toBe(3);

    const one = await call('POST', '/api/account/messages/read', ada.auth, { ids: [list.items[0].id] });
    expect(one.json()).toEqual({ updated: 1, unread_total: 2 });
    const unreadOnly = await call(
      'GET',
      `/api/account/messages?filters=${encodeURIComponent(JSON.stringify([{ field: 'read', operator: 'eq', value: false }]))}`,
      ada.auth,
    );
    expect(unreadOnly.json().items.map((m: { title: string }) => m.title)).toEqual(['Two', 'One']);

    const all = await call('POST', '/api/account/messages/read-all', ada.auth);
    expect(all.json()).toEqual({ updated: 2, unread_total: 0 });
    expect((await basicInfos(ada.auth)).msgs_unread.total).toBe(0);
    expect((await basicInfos(bob.auth)).msgs_unread.total).toBe(3);
  });

  it('the e-mail channel delivers over SMTP and the log says sent', async () => {
    const ada = await signUpUser(t.app);
    const sent = await call('POST', '/api/admin/msg/send', admin.auth, {
      audience: { kind: 'users', user_ids: [ada.userId] },
      in_app: false,
      email: true,
      level: 'other',
      title: 'Maintenance tonight',
      body: 'We will be down from 2 to 3.',
    });
    expect(sent.json()).toMatchObject({ recipients: 1, emails_queued: 1 });
    await expect.poll(() => smtp.inbox.filter((mail) => mail.to.includes(ada.email)).length).toBe(1);
    const mail = smtp.inbox.find((m) => m.to.includes(ada.email));
    expect(mailText(mail?.raw ?? '')).toContain('We will be down from 2 to 3.');
    // Not in the inbox: e-mail only.
    expect((await basicInfos(ada.auth)).msgs_unread.total).toBe(0);

    await expect
      .poll(async () => {
        const [log] = await t.platform.db.select().from(emailLogs).where(eq(emailLogs.to, ada.email));
        return log?.status;
      })
      .toBe('sent');
  });

  it("writes each e-mail in its recipient's language: greeting, text, signature and why they get it", async () => {
    const french = await signUpUser(t.app, { name: 'Aimée' });
    await call('PUT', '/api/account/personalization', french.auth, { language: 'fr_FR' });
    await call('POST', '/api/admin/msg/send', admin.auth, {
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
    await call('PUT', '/api/account/sys-settings/notifications', optedOut.auth, {
      email: { important: false },
    });
    const sent = await call('POST', '/api/admin/msg/send', admin.auth, {
      audience: { kind: 'users', user_ids: [keeps.userId, optedOut.userId] },
      in_app: true,
      email: false,
      level: 'important',
      title: 'Billing change',
      body: 'Prices change next month.',
    });
    expect(sent.json()).toMatchObject({ recipients: 2, emails_queued: 1 });
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
    const input = { in_app: true, email: false, level: 'other', title: 'Ops', body: 'Hello operators' };

    const preview = await call('POST', '/api/admin/msg/send/preview', admin.auth, {
      ...input,
      audience: { kind: 'role', role: 'operator' },
    });
    expect(preview.json()).toMatchObject({ recipients: 1, sample: [{ id: op.userId }], email: null });
    expect((await basicInfos(op.auth)).msgs_unread.total).toBe(0);

    const teams = (await call('GET', '/api/account/teams', op.auth)).json();
    const teamId = (teams.items ?? teams)[0].id;
    const toTeam = await call('POST', '/api/admin/msg/send', admin.auth, {
      ...input,
      audience: { kind: 'team', team_id: teamId },
    });
    expect(toTeam.json().recipients).toBe(1);
    expect((await basicInfos(op.auth)).msgs_unread.total).toBe(1);
  });

  it('refuses a send with no channel, no users, or an unknown team, naming the field', async () => {
    const base = { level: 'other', title: 'x', body: 'y' };
    const noChannel = await call('POST', '/api/admin/msg/send', admin.auth, {
      ...base,
      audience: { kind: 'all' },
      in_app: false,
      email: false,
    });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().fields).toHaveProperty('in_app');
    const noUsers = await call('POST', '/api/admin/msg/send', admin.auth, {
      ...base,
      audience: { kind: 'users', user_ids: [] },
      in_app: true,
      email: false,
    });
    expect(noUsers.statusCode).toBe(400);
    expect(Object.keys(noUsers.json().fields).join()).toContain('user_ids');
    const noTeam = await call('POST', '/api/admin/msg/send', admin.auth, {
      ...base,
      audience: { kind: 'team', team_id: 'nope' },
      in_app: true,
      email: false,
    });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().fields).toHaveProperty(['audience.team_id']);
  });

  it('only holders of the messages permission may send or read logs', async () => {
    const user = await signUpUser(t.app);
    const refused = await call('POST', '/api/admin/msg/send', user.auth, {
      audience: { kind: 'all' },
      in_app: true,
      email: false,
      level: 'other',
      title: 'x',
      body: 'y',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/msg/email-logs', user.auth)).statusCode).toBe(403);
  });

  it('logs mails with a one-time link without their text, and will not resend them', async () => {
    const owner = await signUpUser(t.app);
    const teams = (await call('GET', '/api/account/teams', owner.auth)).json();
    const team = await call('POST', '/api/account/teams', owner.auth, { name: 'Growth' });
    const teamId = team.json().id ?? (teams.items ?? teams)[0].id;
    const invited = await call('POST', `/api/account/teams/${teamId}/invites`, owner.auth, {
      email: 'guest@example.com',
      role: 'member',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const logs = await call(
      'GET',
      `/api/admin/msg/email-logs?q=${encodeURIComponent('guest@example.com')}`,
      admin.auth,
    );
    const [log] = logs.json().items;
    expect(log).toMatchObject({ template: 'team.invite', text: null, resendable: false, status: 'sent' });
    const resend = await call('POST', `/api/admin/msg/email-logs/${log.id}/resend`, admin.auth);
    expect(resend.statusCode).toBe(409);
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
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/msg/send',
        headers: admin.auth,
        payload: {
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
        const resend = await t.app.inject({
          method: 'POST',
          url: `/api/admin/msg/email-logs/${log?.id}/resend`,
          headers: admin.auth,
        });
        expect(resend.json()).toMatchObject({ status: 'sent', attempts: 2, error: null });
        expect(back.inbox.map((mail) => mail.to)).toEqual([[ada.email]]);
      } finally {
        await back.close();
      }
    } finally {
      await t.close();
    }
  });
});
