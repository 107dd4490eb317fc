import { listMyCreditLedger } from '@app/contract/billing/credits';
import { getMySubscription, listSubscriptionHistory } from '@app/contract/billing/subscriptions';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const subscriptionKey = ['billing', 'subscription'] as const;

export type MySubscription = EndpointResponse<typeof getMySubscription>;
export type SubscriptionEvent = EndpointResponse<typeof listSubscriptionHistory>['items'][number];
export type CreditEntry = EndpointResponse<typeof listMyCreditLedger>['items'][number];

export const subscriptionQuery = queryOptions({
  queryKey: [...subscriptionKey, 'current'],
  queryFn: ({ signal }) => callApi(getMySubscription, { signal }),
});

export function fetchHistory(
  query: EndpointQuery<typeof listSubscriptionHistory>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listSubscriptionHistory, { query, signal });
}

export function fetchLedger(
  query: EndpointQuery<typeof listMyCreditLedger>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listMyCreditLedger, { query, signal });
}
