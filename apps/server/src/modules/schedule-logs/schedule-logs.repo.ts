import { jobRunListFields } from '@app/contract/admin/logs/job-runs';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, gt } from 'drizzle-orm';
import { jobRuns } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type JobRunRecord = typeof jobRuns.$inferSelect;

const runList = bindList(jobRunListFields, {
  queue: jobRuns.queue,
  status: jobRuns.status,
  start_time: jobRuns.startedAt,
});

/** Job runs, newest first; `q`: the queue, the job id or the error. */
export function listJobRunRows(db: Db, query: ListQuery) {
  const where = listWhere(query, runList, (q) =>
    searchColumns(q, [jobRuns.queue, jobRuns.jobId, jobRuns.error]),
  );
  return listPage(
    db,
    query,
    () => db.select().from(jobRuns).where(where).$dynamic(),
    listOrder(query, runList, [desc(jobRuns.startedAt), desc(jobRuns.id)]),
  );
}

export async function findJobRun(db: Db, id: number): Promise<JobRunRecord | null> {
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
  return run ?? null;
}

/** Whether the same job ran again after `run` (so `run` is history, not the job's state). */
export async function ranAgainSince(db: Db, run: JobRunRecord): Promise<boolean> {
  const [later] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.queue, run.queue), eq(jobRuns.jobId, run.jobId), gt(jobRuns.id, run.id)))
    .limit(1);
  return later !== undefined;
}
