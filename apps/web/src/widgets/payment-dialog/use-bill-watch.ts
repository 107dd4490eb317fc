import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { billQuery, paymentResultPath, settledOrderId } from './payment-api';

/**
 * Spec section 4, "Bill/payment": polls the bill every second while it is unpaid and `enabled`;
 * once its status is anything else and an order exists, the poll stops and the route is replaced
 * with `/payment/result?order_id=` (replace: Back must not return to a paid bill's dialog).
 */
export function useBillWatch(billId: string | null, enabled = true) {
  const navigate = useNavigate();
  const bill = useQuery({ ...billQuery(billId ?? ''), enabled: enabled && billId !== null && billId !== '' });
  const settled = settledOrderId(bill.data);

  useEffect(() => {
    if (enabled && settled !== null) navigate(paymentResultPath(settled), { replace: true });
  }, [enabled, settled, navigate]);

  return bill;
}
