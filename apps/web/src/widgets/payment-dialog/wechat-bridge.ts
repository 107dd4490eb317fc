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

/**
 * Opens WeChat Pay's sheet inside the WeChat browser (JSAPI). The bridge may arrive after the
 * page: then it is called on `WeixinJSBridgeReady`. The payer's answer is not trusted either way:
 * the bill poll sees the payment once WeChat Pay has told the server.
 */
export function payInWechat(bridge: WechatBridgeParams, onCancel: () => void): void {
  const invoke = (jsBridge: WeixinJSBridge) =>
    jsBridge.invoke('getBrandWCPayRequest', bridge, (answer) => {
      if (answer.err_msg === 'get_brand_wcpay_request:cancel') onCancel();
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
