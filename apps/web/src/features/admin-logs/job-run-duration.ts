import type { JobRun } from '@app/contract/admin/logs/job-runs';

/** `42 s`, `3 min 5 s`, `2 h 10 min`; empty while the run is still going. */
export function jobRunDuration(run: Pick<JobRun, 'start_time' | 'end_time'>): string {
  if (run.end_time === null) return '';
  const seconds = Math.max(0, run.end_time - run.start_time);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Tries used out of tries allowed: the first try plus `retry_limit` retries. */
export function jobRunAttempt(run: Pick<JobRun, 'attempt' | 'retry_limit'>): string {
  return `${run.attempt} / ${run.retry_limit + 1}`;
}
