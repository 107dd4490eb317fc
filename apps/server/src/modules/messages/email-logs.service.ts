import type { ListQuery } from '@app/contract/list';
import type { EmailLog } from '@app/contract/messages/email-logs';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { type EmailLogRecord, findEmailLog, listEmailLogRows } from './email-logs.repo';

const STATUSES: readonly string[] = ['queued', 'sent', 'failed', 'not_sent'];

export function toEmailLog(row: EmailLogRecord): EmailLog {
  return {
    id: row.id,
    to: row.to,
    user_id: row.userId,
    template: row.template,
    locale: row.locale,
    subject: row.subject,
    text: row.text || null,
    status: (STATUSES.includes(row.status) ? row.status : 'failed') as EmailLog['status'],
    error: row.error,
    attempts: row.attempts,
    resendable: row.text !== '',
    creation_time: toSeconds(row.createdAt),
    sent_time: row.sentAt ? toSeconds(row.sentAt) : null,
  };
}

export async function listEmailLogs(platform: Platform, query: ListQuery) {
  return toListPage(query, await listEmailLogRows(platform.db, query), toEmailLog);
}

/** Sends a logged mail again now (a mail with a one-time code or link cannot be). */
export async function resendEmail(platform: Platform, ctx: SignedInContext, id: string): Promise<EmailLog> {
  const row = await findEmailLog(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'E-mail not found' });
  if (!row.text) {
    throw new AppError('CONFLICT', {
      msg: 'This e-mail held a one-time code or link and cannot be sent again',
    });
  }
  const outcome = await platform.mailer.retry(id, { final: true });
  if (!outcome) throw new AppError('NOT_FOUND', { msg: 'E-mail not found' });
  await audited(
    platform.db,
    ctx,
    { action: 'email.resend', targetType: 'email_log', targetId: id },
    async () => ({
      result: undefined,
      after: { status: outcome.row.status, error: outcome.row.error },
    }),
  );
  return toEmailLog(outcome.row);
}
