import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';

/** One attempt of a background job (the schedule log of `/admin/system/schedule/notify/logs`). */
export const zJobRun = z.object({
  id: z.number().int(),
  queue: z.string(),
  job_id: z.string(),
  attempt: z.number().int(),
  retry_limit: z.number().int(),
  status: z.enum(['running', 'completed', 'failed']),
  error: z.string().nullable(),
  data: z.unknown(),
  runner: z.string(),
  start_time: zSeconds,
  end_time: zSeconds.nullable(),
  /** Failed for good (its last try): it may be put back in the queue. */
  retryable: z.boolean(),
});
export type JobRun = z.infer<typeof zJobRun>;

/** The fields listJobRuns may be filtered and sorted by (nothing else reaches the server). */
export const jobRunListFields = defineListFields({
  queue: { kind: 'text', filter: ['eq', 'in'] },
  status: { kind: 'text', filter: ['eq', 'in'] },
  start_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q`: queue, job id or error. */
export const listJobRuns = defineEndpoint({
  method: 'GET',
  path: '/api/admin/schedule/logs',
  permission: 'admin.logs.read',
  summary: 'Background job runs with status, attempt and error',
  tags: ['admin: logs'],
  query: zListQueryOf(jobRunListFields),
  response: zListResponse(zJobRun).extend({ queues: z.array(z.string()) }),
});

export const retryJobRun = defineEndpoint({
  method: 'POST',
  path: '/api/admin/schedule/logs/{id}/retry',
  permission: 'admin.logs.edit',
  summary: 'Put the failed job of this run back in its queue',
  tags: ['admin: logs'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ queued: z.literal(true) }),
});
