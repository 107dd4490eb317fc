import type { createPayment, PaymentMethod } from '@app/contract/billing/payments';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useServerErrors } from '../form-errors/use-server-errors';
import { leavePage } from './leave-page';
import { startPayment } from './payment-api';
import { appTypeFor, type PaymentDevice } from './payment-device';
import { payInWechat } from './wechat-bridge';

export type StartedPayment = EndpointResponse<typeof createPayment>;

/**
 * Spec section 4: choose a method, create the payment, then redirect or show what to scan or
 * submit. A hosted page (the sandbox's) or a phone's H5 page is left for at once; inside WeChat
 * its pay sheet opens (`wechatFailed` when WeChat could not open it); a code, Alipay's code page
 * or a form stays here as `started` while the bill poll watches for the payment.
 */
export function usePayWith(billId: string, device: PaymentDevice) {
  const [started, setStarted] = useState<StartedPayment | null>(null);
  const [wechatFailed, setWechatFailed] = useState(false);
  const showError = useServerErrors(null);
  const pay = useMutation({
    mutationFn: (method: PaymentMethod) =>
      startPayment({ bill_id: billId, method, app_type: appTypeFor(device) }),
    onMutate: () => {
      setStarted(null);
      setWechatFailed(false);
    },
    onSuccess: (answer) => {
      const next = answer.next;
      if (next.kind === 'redirect') return leavePage(next.url);
      // A phone cannot scan its own screen: it opens the provider's H5 page instead.
      if (next.kind === 'qrcode' && device !== 'desktop' && next.h5_url) return leavePage(next.h5_url);
      // Inside WeChat the sheet opens over the page; closing it leaves the buttons to try again,
      // and a sheet WeChat could not open says so. Paid, the bill poll moves the page on.
      if (next.kind === 'wechat_jsapi')
        return payInWechat(next.bridge, (end) => setWechatFailed(end === 'fail'));
      setStarted(answer);
    },
    onError: showError,
  });
  return { pay, started, pending: pay.isPending ? pay.variables : null, wechatFailed };
}
