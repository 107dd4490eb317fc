import {
  actOnStripeSubscription,
  getStripeSubscription,
  listStripeSubscriptions,
  type STRIPE_SUBSCRIPTION_ACTIONS,
} from '@app/contract/billing/stripe-subscriptions';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const stripeSubscriptionsKey = ['admin', 'billing', 'stripe', 'subscriptions'] as const;

export type StripeSubscriptionRow = EndpointResponse<typeof listStripeSubscriptions>['items'][number];
export type StripeSubscriptionDetails = EndpointResponse<typeof getStripeSubscription>;
export type StripeSubscriptionAction = (typeof STRIPE_SUBSCRIPTION_ACTIONS)[number];

export function fetchStripeSubscriptions(
  query: EndpointQuery<typeof listStripeSubscriptions>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listStripeSubscriptions, { query, signal });
}

export function stripeSubscriptionQuery(id: string) {
  return queryOptions({
    queryKey: [...stripeSubscriptionsKey, 'details', id],
    queryFn: ({ signal }) => callApi(getStripeSubscription, { params: { id }, signal }),
  });
}

/**
 * Cancel at period end, resume or sync, with a reason. Silent: the reason form shows the refusal.
 * The list and the subscription's details are refreshed.
 */
export function useActOnStripeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: StripeSubscriptionAction; reason: string }) =>
      callApi(actOnStripeSubscription, { params: { id }, body: { action, reason }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stripeSubscriptionsKey }),
  });
}
