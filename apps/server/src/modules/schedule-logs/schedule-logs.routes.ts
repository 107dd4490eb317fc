import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { listJobRuns, retryJobRun } from '@app/contract/admin/logs/job-runs';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { jobRuns } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import { routesFor } from '../../platform/endpoint';
import { type ListFields, listOrder, listWhere, pagedList, searchColumns } from '../../platform/list-query';
import type { ServerModule } from '../../platform/platform';

type RunRow = typeof jobRuns.$inferSelect;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const FIELDS: ListFields = {
  queue: { column: jobRuns.queue, kind: 'text', filter: ['eq', 'in'] },
  status: { column: jobRuns.status, kind: 'text', filter: ['eq', 'in'] },
  start_time: { column: jobRuns.startedAt, kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
};

function toJobRun(row: RunRow): JobRun {
  return {
    id: row.id,
    queue: row.queue,
    job_id: row.jobId,
    attempt: row.attempt,
    retry_limit: row.retryLimit,
    status: row.status as JobRun['status'],
    error: row.error,
    data: row.data,
    runner: row.runner,
    start_time: seconds(row.startedAt),
    end_time: row.finishedAt ? seconds(row.finishedAt) : null,
    retryable: row.status === 'failed' && row.attempt > row.retryLimit,
  };
}

/** `/admin/system/schedule/notify/logs`: what the background jobs did, and a retry for failures. */
export const scheduleLogsModule: ServerModule = {
  name: 'schedule-logs',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listJobRuns, async ({ query }) => {
      const where = listWhere(query, FIELDS, (q) =>
        searchColumns(q, [jobRuns.queue, jobRuns.jobId, jobRuns.error]),
      );
      const order = listOrder(query, FIELDS, [desc(jobRuns.startedAt), desc(jobRuns.id)]);
      const page = await pagedList(
        query,
        ({ limit, offset }) =>
          platform.db
            .select()
            .from(jobRuns)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        () => platform.db.select({ value: count() }).from(jobRuns).where(where),
        toJobRun,
      );
      return { ...page, queues: platform.jobs.names().sort() };
    });
    route(retryJobRun, async ({ ctx, params }) => {
      const [run] = await platform.db.select().from(jobRuns).where(eq(jobRuns.id, params.id));
      if (!run) throw new AppError('NOT_FOUND', { msg: 'Run not found' });
      if (!toJobRun(run).retryable) {
        throw new AppError('CONFLICT', { msg: 'Only a job that failed its last try can be retried' });
      }
      // A later attempt of the same job already ran: this run is history, not the job's state.
      const [later] = await platform.db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(and(eq(jobRuns.queue, run.queue), eq(jobRuns.jobId, run.jobId), gt(jobRuns.id, run.id)));
      if (later) throw new AppError('CONFLICT', { msg: 'This job has run again since' });
      // Not inside a transaction of ours: on the embedded database pg-boss shares the one
      // connection, and would wait for our transaction to end.
      const target = { action: 'job.retry', targetType: 'job', targetId: run.jobId };
      try {
        await platform.jobs.retry(run.queue, run.jobId);
      } catch (error) {
        await recordOperation(platform.db, ctx, target, { error: 'SERVER_ERROR' });
        throw error;
      }
      await recordOperation(platform.db, ctx, target, { after: { queue: run.queue } });
      return { queued: true as const };
    });
  },
};
