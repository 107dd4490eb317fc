import { adjustCredits, listAdminCreditLedger, listAdminCredits } from '@app/contract/billing/credits';
import { getResourcesSummary, listAdminUsageLogs } from '@app/contract/billing/usage';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { HISTORY_PAGE_SIZE } from '../../widgets/team-history-drawer/team-history-drawer';

export const adminCreditsKey = ['admin', 'billing', 'credits'] as const;

export type AdminCreditRow = EndpointResponse<typeof listAdminCredits>['items'][number];
export type CreditEntry = EndpointResponse<typeof listAdminCreditLedger>['items'][number];
export type AdminUsageLog = EndpointResponse<typeof listAdminUsageLogs>['items'][number];
export type ResourcesSummary = EndpointResponse<typeof getResourcesSummary>;

export function fetchCredits(
  query: EndpointQuery<typeof listAdminCredits>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminCredits, { query, signal });
}

export function fetchUsageLogs(
  query: EndpointQuery<typeof listAdminUsageLogs>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminUsageLogs, { query, signal });
}

/** One team's ledger, a page at a time, newest first. */
export function ledgerQuery(teamId: string, page: number) {
  return queryOptions({
    queryKey: [...adminCreditsKey, 'ledger', teamId, page],
    queryFn: ({ signal }) =>
      callApi(listAdminCreditLedger, {
        params: { team_id: teamId },
        query: { page, page_size: HISTORY_PAGE_SIZE, sort: '-creation_time' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `/admin/usm/resources/summary` over a range of days (both ends included; server default 30 days). */
export function summaryQuery(range: { start?: string; end?: string }) {
  return queryOptions({
    queryKey: [...adminCreditsKey, 'summary', range],
    queryFn: ({ signal }) => callApi(getResourcesSummary, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Silent: the adjust form shows the refusal (taking more than the team has free) on its fields. */
export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, amount, reason }: { teamId: string; amount: number; reason: string }) =>
      callApi(adjustCredits, { params: { team_id: teamId }, body: { amount, reason }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCreditsKey }),
  });
}
