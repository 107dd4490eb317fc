import type { PaymentMethod, zAppType } from '@app/contract/billing/payments';
import type { z } from 'zod';

export type AppType = z.infer<typeof zAppType>;

/** Where the payment dialog is open: a phone inside WeChat, another phone browser, or a desktop. */
export type PaymentDevice = 'wechat' | 'mobile' | 'desktop';

// WeChat's desktop client also says MicroMessenger; only a phone counts as "inside WeChat".
const MOBILE = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i;
const WECHAT = /MicroMessenger/i;

export function paymentDevice(userAgent: string = navigator.userAgent): PaymentDevice {
  if (!MOBILE.test(userAgent)) return 'desktop';
  return WECHAT.test(userAgent) ? 'wechat' : 'mobile';
}

/**
 * Spec sections 1 and 2: location `cn` shows the two mobile-payment providers, by device. Inside
 * WeChat on a phone only WeChat Pay can complete (the WeChat browser blocks Alipay); a phone
 * outside WeChat cannot open WeChat Pay's H5 flow for a scan of its own screen, so only Alipay;
 * a desktop shows both, each as a code to scan.
 */
export function mobileProvidersFor(device: PaymentDevice): PaymentMethod[] {
  switch (device) {
    case 'wechat':
      return ['wechatpay'];
    case 'mobile':
      return ['alipay'];
    case 'desktop':
      return ['wechatpay', 'alipay'];
  }
}

/** The `app_type` of spec section 7's create calls. */
export function appTypeFor(device: PaymentDevice): AppType {
  switch (device) {
    case 'wechat':
      return 'wx_web';
    case 'mobile':
      return 'mb_web';
    case 'desktop':
      return 'pc_web';
  }
}

/** Spec section 6: the payment dialog depends on location (global config `location_val`). */
export function isChinaLocation(locationVal: string | undefined): boolean {
  return locationVal === 'cn';
}

/** Inside WeChat the order's details open on their own WeChat-friendly page (spec section 2). */
export function orderDetailsPath(orderId: string, device: PaymentDevice): string {
  const path = device === 'wechat' ? '/payment/order-details' : '/account/order/details';
  return `${path}?${new URLSearchParams({ id: orderId })}`;
}
