import {
  actOnStripeSchedule,
  getStripeSchedule,
  listStripeSchedules,
  type STRIPE_SCHEDULE_ACTIONS,
} from '@app/contract/billing/stripe-schedules';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { stripeSubscriptionsKey } from './subscriptions-api';

export const stripeSchedulesKey = ['admin', 'billing', 'stripe', 'schedules'] as const;

export type StripeScheduleRow = EndpointResponse<typeof listStripeSchedules>['items'][number];
export type StripeScheduleDetails = EndpointResponse<typeof getStripeSchedule>;
export type StripeScheduleAction = (typeof STRIPE_SCHEDULE_ACTIONS)[number];

export function fetchStripeSchedules(
  query: EndpointQuery<typeof listStripeSchedules>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listStripeSchedules, { query, signal });
}

export function stripeScheduleQuery(id: string) {
  return queryOptions({
    queryKey: [...stripeSchedulesKey, 'details', id],
    queryFn: ({ signal }) => callApi(getStripeSchedule, { params: { id }, signal }),
  });
}

/**
 * Release or cancel, with a reason. Silent: the reason form shows the refusal. The schedules are
 * refreshed, and the subscriptions too: releasing or canceling a schedule changes its subscription.
 */
export function useActOnStripeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: StripeScheduleAction; reason: string }) =>
      callApi(actOnStripeSchedule, { params: { id }, body: { action, reason }, silent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stripeSchedulesKey }),
        queryClient.invalidateQueries({ queryKey: stripeSubscriptionsKey }),
      ]),
  });
}
