import type { JobRun } from '@app/contract/admin/logs/job-runs';
import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { findJobRun, type JobRunRecord, listJobRunRows, ranAgainSince } from './schedule-logs.repo';

function toJobRun(row: JobRunRecord): JobRun {
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
    start_time: toSeconds(row.startedAt),
    end_time: row.finishedAt ? toSeconds(row.finishedAt) : null,
    // Failed for good (its last try): only then may it be put back in the queue.
    retryable: row.status === 'failed' && row.attempt > row.retryLimit,
  };
}

export async function listJobRuns(platform: Platform, query: ListQuery) {
  const page = toListPage(query, await listJobRunRows(platform.db, query), toJobRun);
  return { ...page, queues: platform.jobs.names().sort() };
}

/** Puts a job that failed its last try back in its queue, once, with an operation record. */
export async function retryJobRun(platform: Platform, ctx: SignedInContext, id: number) {
  const run = await findJobRun(platform.db, id);
  if (!run) throw new AppError('NOT_FOUND', { msg: 'Run not found' });
  if (!toJobRun(run).retryable) {
    throw new AppError('CONFLICT', { msg: 'Only a job that failed its last try can be retried' });
  }
  if (await ranAgainSince(platform.db, run))
    throw new AppError('CONFLICT', { msg: 'This job has run again since' });
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
}
