import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per attempt of a background job (ARCHITECTURE section 6: "jobs write schedule logs"),
 * for the admin's schedule log page: status running | completed | failed, with the error.
 * pg-boss keeps the jobs themselves; this is what happened when they ran.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    jobId: text('job_id').notNull(),
    attempt: integer('attempt').notNull(),
    retryLimit: integer('retry_limit').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    data: jsonb('data'),
    /** The instance that ran it (host:pid), to see that a job ran once across instances. */
    runner: text('runner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('job_runs_started_idx').on(t.startedAt), index('job_runs_job_idx').on(t.queue, t.jobId)],
);
