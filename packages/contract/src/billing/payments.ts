import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zBillingId } from './money';

const tags = ['billing: payments'];

/** The providers the server may offer; `sandbox` is the embedded test-mode default. */
export const PAYMENT_METHODS = ['sandbox', 'stripe', 'wechatpay', 'alipay'] as const;
export const zPaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof zPaymentMethod>;

/** Spec section 7: where the payment is made (desktop, inside WeChat, a phone browser). */
export const zAppType = z.enum(['pc_web', 'wx_web', 'mb_web']);

/**
 * The payment dialog's buttons (spec sections 1 and 2): one per method available here. Location
 * `cn` offers the two mobile providers (by device, spec section 2); elsewhere a button leads to the
 * provider's payment page. `test_mode` methods say so in the UI.
 */
export const listPaymentProviders = defineEndpoint({
  method: 'GET',
  path: '/api/account/payment/providers',
  permission: 'signed_in',
  summary: 'The payment methods the dialog may offer',
  tags,
  /**
   * With `app_type`, only what the dialog offers there (spec section 2, location `cn`): inside
   * WeChat WeChat Pay alone, on a phone browser Alipay alone, on a desktop both. Without it, every
   * method of the location (as before).
   */
  query: z.object({ app_type: zAppType.optional() }),
  response: z.object({
    location: z.enum(['cn', 'global']),
    items: z.array(
      z.object({
        method: zPaymentMethod,
        name: z.string(),
        test_mode: z.boolean(),
        /** `redirect`: to a hosted page; `qrcode`: a code to scan; `form`: a form the page submits. */
        flow: z.enum(['redirect', 'qrcode', 'form']),
      }),
    ),
  }),
});

/**
 * WeChat Pay JSAPI's bridge parameters (spec section 7), as `getBrandWCPayRequest` takes them:
 * `paySign` is the merchant's SHA256withRSA over `appId\ntimeStamp\nnonceStr\npackage\n`.
 */
export const zBridgeParameters = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});

/**
 * What the client does next to pay: go to a hosted page, show a code, submit a form, or (inside
 * WeChat) call WeChat's JS bridge.
 */
export const zPaymentNextAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('qrcode'),
    qrcode_url: z.string(),
    h5_url: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('form'),
    form_html: z.string(),
    /**
     * On a desktop (`pc_web`), Alipay's page holding only its code (page pay with `qr_pay_mode` 4,
     * `qrcode_width` wide: spec section 7's `alipay_qrcode`), shown in an iframe; the form is then
     * the alternative, Alipay's own page. Absent or null: the form is submitted at once.
     */
    qrcode_page_url: z.string().nullable().optional(),
  }),
  /**
   * Inside the WeChat browser (`app_type` `wx_web`): the bridge parameters of spec section 7 that
   * the page hands to `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)` (WeChat Pay JSAPI).
   */
  z.object({ kind: z.literal('wechat_jsapi'), bridge: zBridgeParameters }),
]);
export type PaymentNextAction = z.infer<typeof zPaymentNextAction>;

/**
 * Starts paying a bill with one method (spec section 4: choose method, create payment, show QR or
 * redirect, poll). An expired, paid or canceled bill is refused; another team's is NOT_FOUND.
 */
export const createPayment = defineEndpoint({
  method: 'POST',
  path: '/api/account/payments',
  permission: 'signed_in',
  summary: 'Start paying a bill with one method',
  tags,
  body: z.object({
    bill_id: zBillingId,
    method: zPaymentMethod,
    app_type: zAppType.default('pc_web'),
  }),
  response: z.object({
    payment_id: z.string(),
    method: zPaymentMethod,
    test_mode: z.boolean(),
    next: zPaymentNextAction,
    expire_time: zSeconds,
  }),
});

// ---- Spec section 7: paying an order with WeChat Pay or Alipay -------------------------------

const zOrderPayQuery = {
  order_id: zBillingId,
  app_type: zAppType.default('pc_web'),
};

/** What every started payment answers besides its provider's parts. */
const zStartedPayment = {
  payment_id: z.string(),
  test_mode: z.boolean(),
  expire_time: zSeconds,
};

/**
 * Spec section 7: starts paying the order's unpaid bill with WeChat Pay (the same path as
 * `POST /api/account/payments`). Which part is set follows `app_type`: `pc_web` a Native
 * `qrcode_url` to draw as a code; `mb_web` the H5 page `h5_url` to open; `wx_web` the JSAPI
 * `bridge` parameters for `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)`, for the openid the
 * caller's WeChat sign-in gave under the official account. CNY bills only; another team's order is
 * NOT_FOUND.
 */
export const createWechatpayPayment = defineEndpoint({
  method: 'GET',
  path: '/api/account/wallet/wechatpay/create',
  permission: 'signed_in',
  summary: 'Start paying an order with WeChat Pay (code, H5 page or JSAPI bridge)',
  tags,
  query: z.object(zOrderPayQuery),
  response: z.object({
    ...zStartedPayment,
    h5_url: z.string().nullable(),
    qrcode_url: z.string().nullable(),
    bridge: zBridgeParameters.nullable(),
  }),
});

/**
 * Spec section 7: starts paying the order's unpaid bill with Alipay (the same path as
 * `POST /api/account/payments`). `alipay_form` is the signed gateway form the page submits
 * (page pay on a desktop, wap pay on a phone); on a desktop `alipay_qrcode` is also the signed
 * page-pay address that shows only Alipay's code, `qrcode_width` pixels wide, for an iframe
 * (`qr_pay_mode` 4). Not inside WeChat (`wx_web`), whose browser does not open Alipay.
 */
export const createAlipayPayment = defineEndpoint({
  method: 'GET',
  path: '/api/account/wallet/alipay/create',
  permission: 'signed_in',
  summary: 'Start paying an order with Alipay (page-pay code and gateway form)',
  tags,
  query: z.object({
    ...zOrderPayQuery,
    qrcode_width: z.coerce
      .number()
      .int({ message: 'A whole number of pixels' })
      .min(100, { message: 'At least 100 pixels' })
      .max(1000, { message: 'At most 1000 pixels' })
      .default(180),
  }),
  response: z.object({
    ...zStartedPayment,
    alipay_qrcode: z.string().nullable(),
    alipay_form: z.string(),
  }),
});

// ---- The sandbox provider's hosted page (served by the app; test mode) -------------------------

/**
 * The hosted payment page of the sandbox provider: plain HTML (no script, for the strict CSP)
 * with Pay, Fail and Cancel buttons posting a form. The session token is the provider's own
 * signed record of what is being paid; whoever holds the link may pay, as with any hosted page.
 */
export const sandboxCheckoutPage = defineEndpoint({
  method: 'GET',
  path: '/api/payments/sandbox/checkout',
  permission: 'public',
  summary: 'Sandbox provider: the hosted payment page (test mode)',
  tags,
  query: z.object({ session: z.string().min(1).max(4000) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: ['text/html'] },
});

/**
 * The hosted page's form post. The sandbox provider then sends its signed notification to
 * `POST /api/payments/notify/sandbox` (through the same provider interface as any vendor) and
 * answers a page leading back to `/payment/result` or `/payment`.
 */
export const sandboxCheckoutSubmit = defineEndpoint({
  method: 'POST',
  path: '/api/payments/sandbox/checkout',
  permission: 'public',
  summary: 'Sandbox provider: pay, fail or cancel on the hosted page (test mode)',
  tags,
  body: z.object({
    session: z.string().min(1).max(4000),
    outcome: z.enum(['pay', 'fail', 'cancel']),
  }),
  response: z.object({}),
  answer: { kind: 'bytes', types: ['text/html'] },
});

/**
 * A provider's notification (webhook). The provider's adapter checks its signature and turns it
 * into a vendor-neutral action; one shared handler applies it once (a unique provider
 * reference), checking amount and currency against the bill. Every notification is logged,
 * refused ones with the reason. The sandbox and Stripe are answered this JSON (a refused
 * signature: VALIDATION_ERROR); WeChat Pay and Alipay each read their own reply instead, so they
 * get it: WeChat Pay 204 with no body, or a 4xx `{"code":"FAIL","message":"..."}`; Alipay the
 * text `success`, or `fail`. Any of them meeting a failure of ours gets the 500 envelope, which
 * every vendor delivers again.
 */
export const receivePaymentNotification = defineEndpoint({
  method: 'POST',
  path: '/api/payments/notify/{provider}',
  permission: 'public',
  summary: 'Payment provider notifications (signed by the provider)',
  tags,
  params: z.object({ provider: zPaymentMethod }),
  body: z.record(z.string(), z.unknown()),
  response: z.object({ received: z.literal(true), outcome: z.string() }),
});
