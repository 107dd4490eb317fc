import {
  getAnalysisRun,
  listAnalysisRuns,
  runAnalysis,
  sendRunToChat,
  shareAnalysisRun,
} from '@app/contract/analysis/runs';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** The analysis runner's calls (issue 25) and their cache keys. */

export const analysisKey = ['analysis'] as const;

export { functionsQuery } from '../../lib/analysis/functions-query';

export const runsQuery = (page: number) =>
  queryOptions({
    queryKey: [...analysisKey, 'runs', page],
    queryFn: ({ signal }) => callApi(listAnalysisRuns, { query: { page, page_size: 20 }, signal }),
  });

export const runQuery = (id: string) =>
  queryOptions({
    queryKey: [...analysisKey, 'run', id],
    queryFn: ({ signal }) => callApi(getAnalysisRun, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const startRun = (body: EndpointBody<typeof runAnalysis>) => callApi(runAnalysis, { body });

export const setShared = (id: string, shared: boolean) =>
  callApi(shareAnalysisRun, { params: { id }, body: { shared } });

export const toChat = (id: string) => callApi(sendRunToChat, { params: { id } });
