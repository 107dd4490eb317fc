import { getMyUsage, listMyUsageLogs } from '@app/contract/billing/usage';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const usageKey = ['billing', 'usage'] as const;

export type MyUsage = EndpointResponse<typeof getMyUsage>;
export type UsageLogRow = EndpointResponse<typeof listMyUsageLogs>['items'][number];

export function usageQuery(range: { start?: string; end?: string }) {
  return queryOptions({
    queryKey: [...usageKey, 'report', range],
    queryFn: ({ signal }) => callApi(getMyUsage, { query: range, signal }),
  });
}

export function fetchUsageLogs(
  query: EndpointQuery<typeof listMyUsageLogs>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listMyUsageLogs, { query, signal });
}
