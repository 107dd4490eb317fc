import { eq } from 'drizzle-orm';
import { emailLogs } from '../db/schema';
import type { Db } from './db';
import type { Mailer, MailMessage, MailMeta, MailResult } from './mail';

export type EmailLogRow = typeof emailLogs.$inferSelect;

/** A mail is tried at most this many times before it is marked failed. */
export const MAX_EMAIL_ATTEMPTS = 5;
/** Waits before the 2nd, 3rd, ... try: the backoff of the e-mail retry job. */
const RETRY_AFTER_SECONDS = [60, 300, 900, 3600];

export type LoggedMailResult = MailResult & { logId: string };

/** A transport error worth another try later (not "no SMTP configured"). */
export function isRetryable(result: MailResult): boolean {
  return !result.sent && !result.reason.includes('no SMTP configured');
}

/**
 * The mailer every module uses: each send is recorded in `email_logs` before it is tried and
 * updated after (sent, not_sent without SMTP, or queued for a retry with the error), so the admin
 * e-mail log shows every attempt and nothing fails silently.
 */
export class LoggedMailer implements Mailer {
  constructor(
    private readonly transport: Mailer,
    private readonly db: Db,
  ) {}

  get configured(): boolean {
    return this.transport.configured;
  }

  async send(message: MailMessage, meta: MailMeta = { template: 'other' }): Promise<LoggedMailResult> {
    const [row] = await this.db
      .insert(emailLogs)
      .values({
        to: message.to,
        userId: meta.userId ?? null,
        template: meta.template,
        locale: meta.locale ?? 'en_US',
        subject: message.subject,
        text: meta.sensitive ? '' : message.text,
        html: meta.sensitive ? null : (message.html ?? null),
        status: 'queued',
        sendId: meta.sendId ?? null,
      })
      .returning({ id: emailLogs.id });
    if (!row) throw new Error('email log was not stored');
    const result = await this.attempt(row.id, message);
    return { ...result, logId: row.id };
  }

  /** Tries a logged mail again (a retry job, or an admin's resend). Sensitive mails cannot be. */
  async retry(
    logId: string,
    { final }: { final: boolean },
  ): Promise<{ row: EmailLogRow; result: MailResult } | null> {
    const [row] = await this.db.select().from(emailLogs).where(eq(emailLogs.id, logId));
    if (!row?.text) return null;
    const result = await this.attempt(
      logId,
      { to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) },
      final,
    );
    const [after] = await this.db.select().from(emailLogs).where(eq(emailLogs.id, logId));
    return after ? { row: after, result } : null;
  }

  private async attempt(logId: string, message: MailMessage, final = false): Promise<MailResult> {
    const result = await this.transport.send(message);
    const [row] = await this.db
      .select({ attempts: emailLogs.attempts })
      .from(emailLogs)
      .where(eq(emailLogs.id, logId));
    const attempts = (row?.attempts ?? 0) + 1;
    const exhausted = final || attempts >= MAX_EMAIL_ATTEMPTS;
    const status = result.sent ? 'sent' : !isRetryable(result) ? 'not_sent' : exhausted ? 'failed' : 'queued';
    const wait = RETRY_AFTER_SECONDS[Math.min(attempts - 1, RETRY_AFTER_SECONDS.length - 1)] ?? 3600;
    await this.db
      .update(emailLogs)
      .set({
        status,
        error: result.sent ? null : result.reason,
        attempts,
        nextAttemptAt: new Date(Date.now() + wait * 1000),
        ...(result.sent ? { sentAt: new Date() } : {}),
      })
      .where(eq(emailLogs.id, logId));
    return result;
  }
}
