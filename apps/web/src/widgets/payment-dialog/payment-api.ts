import { getBill } from '@app/contract/billing/orders';
import { createPayment, listPaymentProviders } from '@app/contract/billing/payments';
import type { EndpointBody, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import type { AppType } from './payment-device';

export const paymentKey = ['billing', 'payment'] as const;

/** Spec section 9: the payment poll runs every second. */
export const PAYMENT_POLL_MS = 1000;

export type BillAnswer = EndpointResponse<typeof getBill>;

/**
 * Spec section 4: while the bill is unpaid it is asked for again every second; once it is
 * anything else the poll stops. Silent: a bad id is shown on the page as 'invalid bill number'
 * (spec section 8), not as a toast; the poll keeps going through a failed request.
 */
export function billQuery(id: string) {
  return queryOptions({
    queryKey: [...paymentKey, 'bill', id],
    queryFn: ({ signal }) => callApi(getBill, { query: { id }, signal, silent: true }),
    refetchInterval: (query) => (query.state.data?.bill.status === 'unpaid' ? PAYMENT_POLL_MS : false),
    // The payer is often in another tab or on their phone: keep asking while this tab is hidden.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}

/** Polling ends, and the payer moves on to the result, once the bill left `unpaid` for an order. */
export function settledOrderId(answer: BillAnswer | undefined): string | null {
  if (!answer || answer.bill.status === 'unpaid' || !answer.order) return null;
  return answer.order.id;
}

export function paymentResultPath(orderId: string): string {
  return `/payment/result?${new URLSearchParams({ order_id: orderId })}`;
}

/**
 * The providers the server offers on this device (spec section 2): asked with its `app_type`, so
 * the server's own per-device rule decides (inside WeChat WeChat Pay alone, a phone's other
 * browsers Alipay alone, a desktop both).
 */
export function providersQuery(appType: AppType) {
  return queryOptions({
    queryKey: [...paymentKey, 'providers', appType],
    queryFn: ({ signal }) => callApi(listPaymentProviders, { query: { app_type: appType }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Silent: the caller shows a refusal (an expired bill) beside the buttons. */
export function startPayment(body: EndpointBody<typeof createPayment>) {
  return callApi(createPayment, { body, silent: true });
}
