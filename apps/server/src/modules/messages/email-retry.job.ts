import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { emailLogs } from '../../db/schema';
import { MAX_EMAIL_ATTEMPTS } from '../../platform/email-log';
import type { JobDefinition } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';

/** Mails one run takes; the rest wait for the next minute. */
const BATCH = 50;
/** A claimed mail is hidden from other runs this long (a crashed run's mails come back after). */
const CLAIM_SECONDS = 120;

/**
 * Claims queued mails whose next try is due, moving their next try forward in the same statement
 * (SKIP LOCKED: two instances never take the same mail), then tries each once more.
 */
export async function retryDueEmails(platform: Platform): Promise<number> {
  const due = await platform.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.status, 'queued'),
          lte(emailLogs.nextAttemptAt, sql`now()`),
          lt(emailLogs.attempts, MAX_EMAIL_ATTEMPTS),
        ),
      )
      .orderBy(asc(emailLogs.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .update(emailLogs)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
        .where(inArray(emailLogs.id, ids));
    }
    return ids;
  });
  for (const id of due) await platform.mailer.retry(id, { final: false });
  return due.length;
}

export function emailRetryJob(platform: Platform): JobDefinition {
  return {
    name: 'email.retry',
    cron: '* * * * *',
    retryLimit: 0,
    run: async () => {
      await retryDueEmails(platform);
    },
  };
}
