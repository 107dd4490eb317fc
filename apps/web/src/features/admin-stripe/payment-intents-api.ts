import {
  getStripePaymentIntent,
  listStripePaymentIntents,
  refreshStripePaymentIntent,
  syncStripePaymentIntents,
} from '@app/contract/billing/stripe-payment-intents';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const stripeIntentsKey = ['admin', 'billing', 'stripe', 'payment-intents'] as const;

export type StripeIntent = EndpointResponse<typeof listStripePaymentIntents>['items'][number];
export type StripeIntentDetails = EndpointResponse<typeof getStripePaymentIntent>;

export function fetchStripeIntents(
  query: EndpointQuery<typeof listStripePaymentIntents>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listStripePaymentIntents, { query, signal });
}

export function stripeIntentQuery(id: string) {
  return queryOptions({
    queryKey: [...stripeIntentsKey, 'details', id],
    queryFn: ({ signal }) => callApi(getStripePaymentIntent, { params: { id }, signal }),
  });
}

/** Silent: the reason form shows the refusal. The list and the intent's details are refreshed. */
export function useRefreshStripeIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(refreshStripePaymentIntent, { params: { id }, body: { reason }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stripeIntentsKey }),
  });
}

/** The list's refresh: Stripe's intents read into the mirror (silent: the reason form shows a refusal). */
export function useSyncStripeIntents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      callApi(syncStripePaymentIntents, { body: { reason }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stripeIntentsKey }),
  });
}
