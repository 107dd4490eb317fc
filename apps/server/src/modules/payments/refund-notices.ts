import type { Platform } from '../../platform/platform';

/**
 * What payments does with a vendor's news of a refund (WeChat Pay's `REFUND.SUCCESS`): refunds
 * belong to billing (they move credits and orders), which sits above payments, so billing
 * registers the one handler at start, as it registers the bills payments takes money for. The
 * handler asks the vendor for the refund's state and settles it the way reconciliation does.
 */
export type RefundNoticeHandler = (input: { provider: string; refundNo: string }) => Promise<void>;

const registered = new WeakMap<Platform, RefundNoticeHandler>();

export function registerRefundNotices(platform: Platform, handler: RefundNoticeHandler): void {
  registered.set(platform, handler);
}

export function refundNotices(platform: Platform): RefundNoticeHandler {
  const handler = registered.get(platform);
  if (!handler) throw new Error('No refund notice handler: the billing module registers it at start');
  return handler;
}
