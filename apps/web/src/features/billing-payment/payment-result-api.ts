import { getOrder } from '@app/contract/billing/orders';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { PAYMENT_POLL_MS } from '../../widgets/payment-dialog/payment-api';

/**
 * The order behind `/payment/result`. While it is still unpaid (the provider's notice can trail
 * the payer's return by a moment) it is asked for again every second, like the bill.
 */
export function resultOrderQuery(id: string) {
  return queryOptions({
    queryKey: ['billing', 'payment', 'result', id],
    queryFn: ({ signal }) => callApi(getOrder, { params: { id }, signal, silent: true }),
    refetchInterval: (query) => (query.state.data?.order.status === 'unpaid' ? PAYMENT_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
}
