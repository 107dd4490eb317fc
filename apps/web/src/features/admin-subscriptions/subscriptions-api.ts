import { listAdminPlans } from '@app/contract/billing/plans';
import {
  cancelSubscription,
  extendSubscription,
  getAdminTeamSubscription,
  listAdminSubscriptions,
} from '@app/contract/billing/subscriptions';
import type { EndpointBody, EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { HISTORY_PAGE_SIZE } from '../../widgets/team-history-drawer/team-history-drawer';

export const adminSubscriptionsKey = ['admin', 'billing', 'subscriptions'] as const;

export type AdminSubscription = EndpointResponse<typeof listAdminSubscriptions>['items'][number];
export type SubscriptionEvent = EndpointResponse<typeof getAdminTeamSubscription>['items'][number];
export type ExtendBody = EndpointBody<typeof extendSubscription>;

export function fetchSubscriptions(
  query: EndpointQuery<typeof listAdminSubscriptions>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminSubscriptions, { query, signal });
}

/** The plans, for the plan filter (names, archived included). */
export const planChoicesQuery = queryOptions({
  queryKey: [...adminSubscriptionsKey, 'plans'],
  queryFn: ({ signal }) => callApi(listAdminPlans, { query: {}, signal }),
  staleTime: 60_000,
});

/** One team's subscription history, a page at a time, newest first. */
export function historyQuery(teamId: string, page: number) {
  return queryOptions({
    queryKey: [...adminSubscriptionsKey, 'history', teamId, page],
    queryFn: ({ signal }) =>
      callApi(getAdminTeamSubscription, {
        params: { team_id: teamId },
        query: { page, page_size: HISTORY_PAGE_SIZE, sort: '-creation_time' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Extend and cancel are silent: the reason form shows their refusals (useServerErrors). */
export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey });
  const extend = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ExtendBody }) =>
      callApi(extendSubscription, { params: { id }, body, silent: true }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(cancelSubscription, { params: { id }, body: { reason }, silent: true }),
    onSuccess: refresh,
  });
  return { extend, cancel };
}
