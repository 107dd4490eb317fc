import { type JobRun, listJobRuns, retryJobRun } from '@app/contract/admin/logs/job-runs';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import type { ListPage } from '@app/contract/list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { adminLogsKey } from './logs-api';

export const jobRunsKey = [...adminLogsKey, 'job-runs'] as const;

export function fetchJobRuns(query: EndpointQuery<typeof listJobRuns>, { signal }: { signal: AbortSignal }) {
  return callApi(listJobRuns, { query, signal });
}

/** The queues the server runs, which its list answer carries beside the page of runs. */
export function queuesOf(page: ListPage<JobRun> | undefined): string[] {
  const answer = page as Partial<EndpointResponse<typeof listJobRuns>> | undefined;
  return Array.isArray(answer?.queues) ? answer.queues : [];
}

/** A refusal (the job ran again since) is shown by the error catalogue in the server's words. */
export function useRetryJobRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(retryJobRun, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobRunsKey }),
  });
}
