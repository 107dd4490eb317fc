import { getAdminOrder, listAdminOrders, refundOrder } from '@app/contract/billing/admin-orders';
import type { EndpointQuery, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const adminOrdersKey = ['admin', 'billing', 'orders'] as const;

export type AdminOrder = EndpointResponse<typeof listAdminOrders>['items'][number];
export type AdminOrderDetails = EndpointResponse<typeof getAdminOrder>;

export function fetchOrders(
  query: EndpointQuery<typeof listAdminOrders>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminOrders, { query, signal });
}

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'details', id],
    queryFn: ({ signal }) => callApi(getAdminOrder, { params: { id }, signal }),
  });
}

/**
 * Silent: the refund form shows the refusal. A refund changes the order, its credits and the
 * subscription, so every billing view is refreshed, not only this order's.
 */
export function useRefundOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; amount?: number; request_id?: string }) =>
      callApi(refundOrder, { params: { id }, body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'billing'] }),
  });
}
