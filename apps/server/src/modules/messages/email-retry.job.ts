import type { JobDefinition } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import { claimDueEmails } from './email-logs.repo';

/** Mails one run takes; the rest wait for the next minute. */
const BATCH = 50;
/** A claimed mail is hidden from other runs this long (a crashed run's mails come back after). */
const CLAIM_SECONDS = 120;

/** Claims queued mails whose next try is due, then tries each once more. */
export async function retryDueEmails(platform: Platform): Promise<number> {
  const due = await claimDueEmails(platform.db, BATCH, CLAIM_SECONDS);
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
