import type { ListQuery } from '@app/contract/list';
import { emailLogListFields } from '@app/contract/messages/email-logs';
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { emailLogs } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { MAX_EMAIL_ATTEMPTS } from '../../platform/email-log';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type EmailLogRecord = typeof emailLogs.$inferSelect;
export type NewEmailLog = typeof emailLogs.$inferInsert;

const emailLogList = bindList(emailLogListFields, {
  status: emailLogs.status,
  template: emailLogs.template,
  creation_time: emailLogs.createdAt,
});

/** `q`: the recipient or the subject. */
export function listEmailLogRows(db: Db, query: ListQuery) {
  const where = listWhere(query, emailLogList, (q) => searchColumns(q, [emailLogs.to, emailLogs.subject]));
  return listPage(
    db,
    query,
    () => db.select().from(emailLogs).where(where).$dynamic(),
    listOrder(query, emailLogList, [desc(emailLogs.createdAt), desc(emailLogs.id)]),
  );
}

export async function findEmailLog(db: Db, id: string): Promise<EmailLogRecord | null> {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, id));
  return row ?? null;
}

/** Records mails as queued, in slices (one statement's parameters are limited); their ids. */
export async function insertQueuedEmails(tx: Tx, rows: NewEmailLog[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx
      .insert(emailLogs)
      .values(rows.slice(start, start + 500))
      .returning({ id: emailLogs.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Of `ids`, those still queued (not sent meanwhile by the retry job or another instance). */
export async function stillQueued(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(and(inArray(emailLogs.id, ids), eq(emailLogs.status, 'queued')));
  const queued = new Set(rows.map((row) => row.id));
  return ids.filter((id) => queued.has(id));
}

/**
 * Claims up to `limit` queued mails whose next try is due, hiding them from other runs for
 * `claimSeconds` in the same transaction (SKIP LOCKED: two instances never take the same mail).
 */
export function claimDueEmails(db: Db, limit: number, claimSeconds: number): Promise<string[]> {
  return db.transaction(async (tx) => {
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
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .update(emailLogs)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${claimSeconds})` })
        .where(inArray(emailLogs.id, ids));
    }
    return ids;
  });
}
