import type { PaymentNextAction } from '@app/contract/billing/payments';

export type WechatBridgeParams = Extract<PaymentNextAction, { kind: 'wechat_jsapi' }>['bridge'];

interface WeixinJSBridge {
  invoke: (api: string, params: WechatBridgeParams, callback: (answer: { err_msg?: string }) => void) => void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** How WeChat's pay sheet ended, as its callback says (`get_brand_wcpay_request:ok|cancel|fail`). */
export type WechatSheetEnd = 'ok' | 'cancel' | 'fail';

/**
 * Opens WeChat Pay's sheet inside the WeChat browser (JSAPI). The bridge may arrive after the
 * page: then it is called on `WeixinJSBridgeReady`. The payer's answer is not trusted either way:
 * the bill poll sees the payment once WeChat Pay has told the server; `onEnd` only says how the
 * sheet closed (a failed one may be tried again).
 */
export function payInWechat(bridge: WechatBridgeParams, onEnd: (end: WechatSheetEnd) => void): void {
  const invoke = (jsBridge: WeixinJSBridge) =>
    jsBridge.invoke('getBrandWCPayRequest', bridge, (answer) => {
      const end = answer.err_msg?.replace(/^get_brand_wcpay_request:/, '');
      onEnd(end === 'ok' || end === 'cancel' ? end : 'fail');
    });
  if (window.WeixinJSBridge) {
    invoke(window.WeixinJSBridge);
    return;
  }
  document.addEventListener(
    'WeixinJSBridgeReady',
    () => {
      if (window.WeixinJSBridge) invoke(window.WeixinJSBridge);
    },
    { once: true },
  );
}
