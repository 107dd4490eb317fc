import type { ListQuery } from '@app/contract/list';
import type { EmailLog } from '@app/contract/messages/email-logs';
import { count, desc, eq } from 'drizzle-orm';
import { emailLogs } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { EmailLogRow } from '../../platform/email-log';
import { type ListFields, listOrder, listWhere, pagedList, searchColumns } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

const STATUSES: readonly string[] = ['queued', 'sent', 'failed', 'not_sent'];

export function toEmailLog(row: EmailLogRow): EmailLog {
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
    creation_time: Math.floor(row.createdAt.getTime() / 1000),
    sent_time: row.sentAt ? Math.floor(row.sentAt.getTime() / 1000) : null,
  };
}

const FIELDS: ListFields = {
  status: { column: emailLogs.status, kind: 'text', filter: ['eq', 'in'] },
  template: { column: emailLogs.template, kind: 'text', filter: ['eq', 'in'] },
  creation_time: { column: emailLogs.createdAt, kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
};

export async function listEmailLogs(platform: Platform, query: ListQuery) {
  const where = listWhere(query, FIELDS, (q) => searchColumns(q, [emailLogs.to, emailLogs.subject]));
  const order = listOrder(query, FIELDS, [desc(emailLogs.createdAt), desc(emailLogs.id)]);
  return pagedList(
    query,
    ({ limit, offset }) =>
      platform.db
        .select()
        .from(emailLogs)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () => platform.db.select({ value: count() }).from(emailLogs).where(where),
    toEmailLog,
  );
}

/** Sends a logged mail again now (a mail with a one-time code or link cannot be). */
export async function resendEmail(platform: Platform, ctx: RequestContext, id: string): Promise<EmailLog> {
  const [row] = await platform.db.select().from(emailLogs).where(eq(emailLogs.id, id));
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
