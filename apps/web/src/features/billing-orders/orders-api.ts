import { cancelOrder, createOrder, getOrder, listOrders, previewOrder } from '@app/contract/billing/orders';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const ordersKey = ['billing', 'orders'] as const;

export type OrderRow = EndpointResponse<typeof listOrders>['items'][number];
export type OrderDetails = EndpointResponse<typeof getOrder>;

export function previewQuery(planId: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'preview', planId],
    // Silent: a plan that cannot be chosen is explained on the page itself.
    queryFn: ({ signal }) => callApi(previewOrder, { query: { plan_id: planId }, signal, silent: true }),
    staleTime: 0,
  });
}

/** Silent: the page shows a refusal through `useServerErrors`. */
export function placeOrder(planId: string) {
  return callApi(createOrder, { body: { plan_id: planId }, silent: true });
}

export function fetchOrders(query: EndpointQuery<typeof listOrders>, { signal }: { signal: AbortSignal }) {
  return callApi(listOrders, { query, signal });
}

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'details', id],
    queryFn: ({ signal }) => callApi(getOrder, { params: { id }, signal, silent: true }),
    retry: false,
  });
}

export function dropOrder(id: string) {
  return callApi(cancelOrder, { params: { id }, silent: true });
}
