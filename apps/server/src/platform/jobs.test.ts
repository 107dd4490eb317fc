import { listJobRuns, retryJobRun } from '@app/contract/admin/logs/job-runs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, jobRuns } from '../db/schema';
import { retryDueEmails } from '../modules/messages/email-retry.job';
import { callEndpoint } from '../test/call-endpoint';
import { startSmtpServer } from '../test/smtp';
import { createTestApp, signInAdmin, type TestApp } from '../test/test-app';

describe('background jobs (pg-boss)', () => {
  let t: TestApp;
  let attempts = 0;
  let alwaysFails = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { JOBS_ENABLED: 'true' },
      {
        beforeReady: (_app, platform) => {
          platform.jobs.define({
            name: 'test.query',
            retryLimit: 0,
            // A failing query whose parameter is a secret: PostgreSQL quotes it in its message.
            run: async () => {
              await platform.db.execute(sql`select ${'secret-reset-token-123'}::int`);
            },
          });
          platform.jobs.define({
            name: 'test.flaky',
            retryLimit: 2,
            retryDelaySeconds: 1,
            run: async () => {
              attempts += 1;
              if (attempts === 1) throw new Error('first try fails');
            },
          });
          platform.jobs.define({
            name: 'test.broken',
            retryLimit: 0,
            run: async () => {
              alwaysFails += 1;
              throw new Error(`broken #${alwaysFails}`);
            },
          });
        },
      },
    );
  }, 60_000);
  afterAll(() => t.close());

  const runsOf = (jobId: string) =>
    t.platform.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)).orderBy(jobRuns.id);

  it('retries a failed job with backoff and logs each attempt', async () => {
    const id = await t.platform.jobs.send('test.flaky', { n: 1 });
    await expect.poll(() => t.platform.jobs.state('test.flaky', id), { timeout: 20_000 }).toBe('completed');
    const runs = await runsOf(id);
    expect(runs.map((run) => [run.attempt, run.status, run.error])).toEqual([
      [1, 'failed', 'first try fails'],
      [2, 'completed', null],
    ]);
    expect(runs[0]?.data).toEqual({ n: 1 });
  }, 30_000);

  it('lists runs for admins and retries a job that failed its last try', async () => {
    const admin = await signInAdmin(t.app);
    const id = await t.platform.jobs.send('test.broken');
    await expect.poll(() => t.platform.jobs.state('test.broken', id), { timeout: 20_000 }).toBe('failed');

    const list = (
      await callEndpoint(t.app, listJobRuns, {
        as: admin,
        query: { filters: JSON.stringify([{ field: 'queue', operator: 'eq', value: 'test.broken' }]) },
      })
    ).ok();
    const [run] = list.items;
    expect(run).toMatchObject({ job_id: id, status: 'failed', error: 'broken #1', retryable: true });
    expect(list.queues).toEqual(expect.arrayContaining(['email.retry', 'stream.purge', 'test.broken']));
    if (!run) throw new Error('no run listed');

    const retried = await callEndpoint(t.app, retryJobRun, { as: admin, params: { id: run.id } });
    expect(retried.ok()).toEqual({ queued: true });
    await expect.poll(async () => (await runsOf(id)).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => (await runsOf(id))[1]?.status, { timeout: 10_000 }).toBe('failed');
    // The first run is history now: retrying it again is refused.
    const again = await callEndpoint(t.app, retryJobRun, { as: admin, params: { id: run.id } });
    expect(again.status).toBe(409);
  }, 40_000);

  it("a failed run's error is kept redacted: a query's parameters never reach the job log", async () => {
    const id = await t.platform.jobs.send('test.query');
    await expect.poll(() => t.platform.jobs.state('test.query', id), { timeout: 20_000 }).toBe('failed');
    const [run] = await runsOf(id);
    expect(run?.status).toBe('failed');
    expect(run?.error).toMatch(/Failed query/);
    expect(run?.error).not.toContain('secret-reset-token-123');
  }, 30_000);

  it('the e-mail retry job delivers a queued mail once SMTP is back, and only mails that are due', async () => {
    const smtp = await startSmtpServer();
    try {
      // Queued earlier while SMTP was down (as the messages module leaves it), due now.
      const [due] = await t.platform.db
        .insert(emailLogs)
        .values({
          to: 'due@example.com',
          template: 'message.send',
          locale: 'en_US',
          subject: 'Hi',
          text: 'Due',
          status: 'queued',
          attempts: 1,
        })
        .returning();
      const [later] = await t.platform.db
        .insert(emailLogs)
        .values({
          to: 'later@example.com',
          template: 'message.send',
          locale: 'en_US',
          subject: 'Hi',
          text: 'Later',
          status: 'queued',
          attempts: 1,
          nextAttemptAt: new Date(Date.now() + 3600_000),
        })
        .returning();
      // This test app has no SMTP configured, so point its transport at the live server.
      const mailer = t.platform.mailer as unknown as { transport: unknown };
      const { createMailer } = await import('./mail');
      mailer.transport = createMailer(smtp.url, 'test@example.com');

      expect(await retryDueEmails(t.platform)).toBe(1);
      const [after] = await t.platform.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.id, due?.id as string));
      expect(after).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.inbox.map((mail) => mail.to)).toEqual([['due@example.com']]);
      const [untouched] = await t.platform.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.id, later?.id as string));
      expect(untouched).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });
});
