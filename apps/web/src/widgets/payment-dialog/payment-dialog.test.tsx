import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import {
  billAnswerFixture,
  billFixture,
  orderFixture,
  SANDBOX_ONLY,
  T0,
} from '../../lib/testing/billing-fixtures';
import * as leave from './leave-page';
import { PAYMENT_POLL_MS } from './payment-api';
import { onlyMethod, paymentChoices } from './payment-choices';
import { appTypeFor, mobileProvidersFor, type PaymentDevice, paymentDevice } from './payment-device';
import { PaymentDialog } from './payment-dialog';

const UA = {
  wechatPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  wechatDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20 WindowsWechat',
};

/** The sandbox and Stripe, as a server with Stripe's keys offers them outside `cn`. */
const SANDBOX_AND_STRIPE = {
  location: 'global' as const,
  items: [
    ...SANDBOX_ONLY.items,
    { method: 'stripe' as const, name: 'Stripe', test_mode: true, flow: 'redirect' as const },
  ],
};

const HOSTED = 'http://127.0.0.1/api/payments/sandbox/checkout?session=abc';
const STRIPE_PAGE = 'https://checkout.stripe.example/c/pay/cs_test_1';

function redirectTo(url: string, method: 'sandbox' | 'stripe') {
  return {
    body: {
      payment_id: 'pay-1',
      method,
      test_mode: true,
      next: { kind: 'redirect', url },
      expire_time: T0 + 1800,
    },
  };
}

const CN_PROVIDERS = {
  location: 'cn' as const,
  items: [
    { method: 'wechatpay' as const, name: 'WeChat Pay', test_mode: false, flow: 'qrcode' as const },
    { method: 'alipay' as const, name: 'Alipay', test_mode: false, flow: 'form' as const },
  ],
};

function cnInfos() {
  const infos = basicInfosFixture();
  return basicInfosFixture({
    global_config: { ...infos.global_config, location_val: 'cn', currency: 'CNY' },
  });
}

/** The dialog open on a page, and the result page it hands over to. */
function dialogRoutes(device?: PaymentDevice): RouteObject[] {
  return [
    {
      path: '/account/order/confirm',
      element: <PaymentDialog billId="bill-1" onClose={() => {}} device={device} />,
    },
    { path: '/payment/result', element: <p>result page</p> },
    { path: '/payment', element: <p>payment page</p> },
    { path: '/account/order/details', element: <p>details page</p> },
  ];
}

/** By default two methods, so the dialog waits for a choice (one alone is gone to at once). */
function stubs(extra: StubRoutes = {}, infos = basicInfosFixture()) {
  signIn();
  return stubFetch({
    ...signedInRoutes(infos),
    'GET /api/account/payment/providers': { body: SANDBOX_AND_STRIPE },
    'GET /api/user/bill': { body: billAnswerFixture() },
    ...extra,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('payment dialog: which buttons (spec sections 1, 2 and 6)', () => {
  it('reads the device from the user agent: a phone inside WeChat, another phone, a desktop', () => {
    expect(paymentDevice(UA.wechatPhone)).toBe('wechat');
    expect(paymentDevice(UA.androidChrome)).toBe('mobile');
    expect(paymentDevice(UA.desktopChrome)).toBe('desktop');
    // WeChat's desktop client is a desktop: both providers, not WeChat alone.
    expect(paymentDevice(UA.wechatDesktop)).toBe('desktop');
  });

  it('location cn, phone inside WeChat: the WeChat button only', () => {
    expect(mobileProvidersFor('wechat')).toEqual(['wechatpay']);
    expect(paymentChoices('cn', 'wechat', CN_PROVIDERS.items)).toEqual([
      { method: 'wechatpay', available: true },
    ]);
  });

  it('location cn, phone outside WeChat: the other provider only', () => {
    expect(paymentChoices('cn', 'mobile', CN_PROVIDERS.items)).toEqual([
      { method: 'alipay', available: true },
    ]);
  });

  it('location cn, desktop: both mobile providers; one not set up is shown disabled', () => {
    expect(paymentChoices('cn', 'desktop', CN_PROVIDERS.items).map((c) => c.method)).toEqual([
      'wechatpay',
      'alipay',
    ]);
    expect(paymentChoices('cn', 'desktop', CN_PROVIDERS.items.slice(0, 1))).toEqual([
      { method: 'wechatpay', available: true },
      { method: 'alipay', available: false },
    ]);
  });

  it('location cn with the test-mode provider: the sandbox beside the mobile providers', () => {
    expect(paymentChoices('cn', 'desktop', [...CN_PROVIDERS.items, ...SANDBOX_ONLY.items])).toEqual([
      { method: 'wechatpay', available: true },
      { method: 'alipay', available: true },
      { method: 'sandbox', available: true },
    ]);
  });

  it('any other location: a button per provider offered, each straight to its page, whatever the device', () => {
    for (const device of ['wechat', 'mobile', 'desktop'] as const) {
      expect(paymentChoices('global', device, SANDBOX_ONLY.items)).toEqual([
        { method: 'sandbox', available: true },
      ]);
      expect(paymentChoices('global', device, SANDBOX_AND_STRIPE.items)).toEqual([
        { method: 'sandbox', available: true },
        { method: 'stripe', available: true },
      ]);
    }
  });

  it('the one method to go straight to: only when it is the only one that can be used', () => {
    expect(onlyMethod([{ method: 'sandbox', available: true }])).toBe('sandbox');
    expect(onlyMethod([{ method: 'stripe', available: true }])).toBe('stripe');
    expect(
      onlyMethod([
        { method: 'sandbox', available: true },
        { method: 'stripe', available: true },
      ]),
    ).toBeNull();
    // A provider shown but not set up is no choice.
    expect(
      onlyMethod([
        { method: 'wechatpay', available: true },
        { method: 'alipay', available: false },
      ]),
    ).toBe('wechatpay');
    expect(onlyMethod([{ method: 'alipay', available: false }])).toBeNull();
    expect(onlyMethod([])).toBeNull();
  });

  it('app_type of the create call follows the device (pc_web, wx_web, mb_web)', () => {
    expect([appTypeFor('desktop'), appTypeFor('wechat'), appTypeFor('mobile')]).toEqual([
      'pc_web',
      'wx_web',
      'mb_web',
    ]);
  });
});

describe('payment dialog', () => {
  it('shows order number, details link, plan with validity and unit, date, price and payable amount', async () => {
    stubs({
      'GET /api/user/bill': {
        body: billAnswerFixture({
          bill: billFixture({ pay_amount: 1499 }),
          order: orderFixture({ price: 1999, proration_credit: 500, pay_amount: 1499 }),
        }),
      },
    });
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));

    expect(await dialog.findByText('ORD-20260101-0001')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/account/order/details?id=order-1',
    );
    expect(dialog.getByText('Pro · 1 month')).toBeTruthy();
    expect(dialog.getByText('2026-01-01 00:00:00')).toBeTruthy();
    // Cents divided by 100 with the currency symbol (spec section 9).
    expect(dialog.getByText('$19.99')).toBeTruthy();
    expect(dialog.getByText('-$5.00')).toBeTruthy();
    expect(dialog.getByText('$14.99')).toBeTruthy();
    expect(dialog.getByText('Test mode')).toBeTruthy();
  });

  it('a credit pack says its credits never expire (what the server does, as its card says), never its 1 year', async () => {
    stubs({
      'GET /api/user/bill': {
        body: billAnswerFixture({
          order: orderFixture({
            plan_name: '1,000 credits',
            plan_kind: 'credit_pack',
            credits: 1000,
            plan_info: { validity: 1, validity_unit: 'year', validity_unit_alias: 'Year' },
          }),
        }),
      },
    });
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    expect(await dialog.findByText('1,000 credits · Credits never expire')).toBeTruthy();
    expect(dialog.queryByText(/1 year/)).toBeNull();
  });

  it('one method offered (the sandbox): opening the dialog goes straight to its page, no click, no page of ours between', async () => {
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const fetch = stubs({
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'POST /api/account/payments': redirectTo(HOSTED, 'sandbox'),
    });
    const app = renderApp('/account/order/confirm', dialogRoutes('desktop'));

    await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
    expect(fetch.callsTo('POST /api/account/payments')).toHaveLength(1);
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toEqual({
      bill_id: 'bill-1',
      method: 'sandbox',
      app_type: 'pc_web',
    });
    expect(app.location()).toBe('/account/order/confirm');
    // Once per opening: the bill's poll does not start it again.
    await act(() => new Promise((resolve) => setTimeout(resolve, PAYMENT_POLL_MS * 1.5)));
    expect(fetch.callsTo('POST /api/account/payments')).toHaveLength(1);
  });

  it('one method offered (Stripe): straight to Stripe’s page', async () => {
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    stubs({
      'GET /api/account/payment/providers': {
        body: { location: 'global', items: SANDBOX_AND_STRIPE.items.slice(1) },
      },
      'POST /api/account/payments': redirectTo(STRIPE_PAGE, 'stripe'),
    });
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    await waitFor(() => expect(away).toHaveBeenCalledWith(STRIPE_PAGE));
  });

  it('several methods: the dialog asks which, and the one chosen leads straight to its provider’s page', async () => {
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const fetch = stubs({ 'POST /api/account/payments': redirectTo(STRIPE_PAGE, 'stripe') });
    const app = renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const user = userEvent.setup();
    const methods = within(await screen.findByRole('group', { name: 'Payment methods' }));
    expect(methods.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Sandbox (test mode)',
      'Card (Stripe)',
    ]);
    expect(fetch.callsTo('POST /api/account/payments')).toHaveLength(0);

    await user.click(methods.getByRole('button', { name: 'Card (Stripe)' }));
    await waitFor(() => expect(away).toHaveBeenCalledWith(STRIPE_PAGE));
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toMatchObject({ method: 'stripe' });
    // Never the app's own payment page on the way.
    expect(app.location()).toBe('/account/order/confirm');
  });

  it('after a failed payment the dialog says so and offers the methods again', async () => {
    stubs({
      'GET /api/user/bill': {
        body: billAnswerFixture({ last_payment: { method: 'sandbox', status: 'failed', creation_time: T0 } }),
      },
    });
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    expect(await dialog.findByText('The payment failed')).toBeTruthy();
    expect(dialog.getByText('Nothing was charged. Try again, or choose another way to pay.')).toBeTruthy();
    expect(dialog.queryByText('Waiting for your payment…')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Card (Stripe)' })).toBeTruthy();
  });

  it('location cn inside WeChat: WeChat Pay only, created with app_type wx_web, its pay sheet opened at once through the WeChat bridge', async () => {
    const BRIDGE = {
      appId: 'wx123',
      timeStamp: '1767225600',
      nonceStr: 'n0nce',
      package: 'prepay_id=wx2026',
      signType: 'RSA',
      paySign: 'c2lnbg==',
    };
    const invoke = vi.fn();
    vi.stubGlobal('WeixinJSBridge', { invoke });
    const fetch = stubs(
      {
        'GET /api/account/payment/providers': { body: CN_PROVIDERS },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-1',
            method: 'wechatpay',
            test_mode: false,
            next: { kind: 'wechat_jsapi', bridge: BRIDGE },
            expire_time: 1_767_227_400,
          },
        },
      },
      cnInfos(),
    );
    renderApp('/account/order/confirm', dialogRoutes('wechat'));
    const methods = within(await screen.findByRole('group', { name: 'Payment methods' }));
    expect(methods.getAllByRole('button').map((b) => b.textContent)).toEqual(['WeChat Pay']);
    // Inside WeChat the order's details open on the WeChat page.
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/payment/order-details?id=order-1',
    );

    // The only way to pay here: WeChat's pay sheet opens without a click.
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke.mock.calls[0]?.slice(0, 2)).toEqual(['getBrandWCPayRequest', BRIDGE]);
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toEqual({
      bill_id: 'bill-1',
      method: 'wechatpay',
      app_type: 'wx_web',
    });
  });

  it('location cn on a phone outside WeChat: the other provider only, started at once, its form submitted automatically', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    stubs(
      {
        'GET /api/account/payment/providers': { body: CN_PROVIDERS },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-2',
            method: 'alipay',
            test_mode: false,
            next: {
              kind: 'form',
              form_html:
                '<form name="punchout_form" method="post" action="https://openapi.alipay.com/gateway.do?charset=utf-8"><input type="hidden" name="biz_content" value="{&quot;out_trade_no&quot;:&quot;ORD-1&quot;}"><input type="submit" value="go"></form><script>document.forms[0].submit();</script>',
            },
            expire_time: 1_767_227_400,
          },
        },
      },
      cnInfos(),
    );
    renderApp('/account/order/confirm', dialogRoutes('mobile'));
    const methods = within(await screen.findByRole('group', { name: 'Payment methods' }));
    expect(methods.getAllByRole('button').map((b) => b.textContent)).toEqual(['Alipay']);

    // The only way to pay here: started at once, and its form submitted (spec section 5).
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://openapi.alipay.com/gateway.do?charset=utf-8');
    expect(form.method).toBe('post');
    expect((form.elements.namedItem('biz_content') as HTMLInputElement).value).toBe(
      '{"out_trade_no":"ORD-1"}',
    );
    // The provider's own script never enters the page.
    expect(document.querySelector('script[src*="alipay"], form[name="punchout_form"]')).toBeNull();
  });

  it('location cn on a desktop: both providers; WeChat Pay shows a code to scan', async () => {
    stubs(
      {
        'GET /api/account/payment/providers': { body: CN_PROVIDERS },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-1',
            method: 'wechatpay',
            test_mode: false,
            next: {
              kind: 'qrcode',
              qrcode_url: 'weixin://wxpay/bizpayurl?pr=abc',
              h5_url: 'https://wx.example/h5',
            },
            expire_time: 1_767_227_400,
          },
        },
      },
      cnInfos(),
    );
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const user = userEvent.setup();
    const methods = within(await screen.findByRole('group', { name: 'Payment methods' }));
    expect(methods.getAllByRole('button').map((b) => b.textContent)).toEqual(['WeChat Pay', 'Alipay']);

    await user.click(methods.getByRole('button', { name: 'WeChat Pay' }));
    expect(await screen.findByText(/Scan with WeChat Pay to pay/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Payment QR code' }).querySelector('svg')).not.toBeNull();
    // A desktop scans; only a phone is sent to the H5 page.
    expect(away).not.toHaveBeenCalled();
  });

  it('asks the server for the providers of this device (app_type pc_web, wx_web, mb_web), as it starts payments', async () => {
    for (const [device, appType] of [
      ['desktop', 'pc_web'],
      ['wechat', 'wx_web'],
      ['mobile', 'mb_web'],
    ] as const) {
      const fetch = stubs({}, cnInfos());
      const app = renderApp('/account/order/confirm', dialogRoutes(device));
      await screen.findByRole('group', { name: 'Payment methods' });
      const asked = fetch.callsTo('GET /api/account/payment/providers');
      expect(asked.length, device).toBeGreaterThan(0);
      expect(new URL(asked[0]?.url ?? '', 'http://localhost').searchParams.get('app_type'), device).toBe(
        appType,
      );
      app.unmount();
    }
  });

  it('location cn on a desktop, Alipay: its code page framed beside the amount, its own page as the alternative (not submitted by itself)', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const CODE_PAGE =
      'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay&biz_content=%7B%22qr_pay_mode%22%3A%224%22%7D';
    const fetch = stubs(
      {
        'GET /api/account/payment/providers': { body: CN_PROVIDERS },
        'GET /api/user/bill': {
          body: billAnswerFixture({
            bill: billFixture({ pay_amount: 9900, currency: 'CNY' }),
            order: orderFixture({ price: 9900, pay_amount: 9900, currency: 'CNY' }),
          }),
        },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-3',
            method: 'alipay',
            test_mode: false,
            next: {
              kind: 'form',
              form_html:
                '<form name="punchout_form" method="post" action="https://openapi.alipay.com/gateway.do?charset=utf-8"><input type="hidden" name="biz_content" value="{}"></form>',
              qrcode_page_url: CODE_PAGE,
            },
            expire_time: 1_767_227_400,
          },
        },
      },
      cnInfos(),
    );
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    const user = userEvent.setup();
    const methods = within(await screen.findByRole('group', { name: 'Payment methods' }));
    await user.click(methods.getByRole('button', { name: 'Alipay' }));

    const frame = (await screen.findByTitle('Payment QR code')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(CODE_PAGE);
    expect([frame.width, frame.height]).toEqual(['180', '180']);
    // The amount beside the code (the summary above says it too), and what to do.
    const beside = within(frame.parentElement as HTMLElement);
    expect(beside.getByText('Payable amount')).toBeTruthy();
    expect(beside.getByText('¥99.00')).toBeTruthy();
    expect(beside.getByText(/Scan with Alipay to pay/)).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toMatchObject({
      method: 'alipay',
      app_type: 'pc_web',
    });
    // Alipay's own page is a button away, not gone to by itself.
    const instead = screen.getByRole('button', { name: 'Pay on Alipay’s page instead' });
    const form = instead.closest('form') as HTMLFormElement;
    expect([form.action, form.method]).toEqual([
      'https://openapi.alipay.com/gateway.do?charset=utf-8',
      'post',
    ]);
    expect(instead.getAttribute('type')).toBe('submit');
    expect(submit).not.toHaveBeenCalled();
  });

  it('inside WeChat a pay sheet that fails says so and the button tries again; a canceled one says nothing', async () => {
    const BRIDGE = {
      appId: 'wx123',
      timeStamp: '1767225600',
      nonceStr: 'n0nce',
      package: 'prepay_id=wx2026',
      signType: 'RSA',
      paySign: 'c2lnbg==',
    };
    const answers = ['get_brand_wcpay_request:fail', 'get_brand_wcpay_request:cancel'];
    const invoke = vi.fn((_api: string, _params: unknown, callback: (answer: { err_msg: string }) => void) =>
      callback({ err_msg: answers[invoke.mock.calls.length - 1] ?? 'get_brand_wcpay_request:ok' }),
    );
    vi.stubGlobal('WeixinJSBridge', { invoke });
    const fetch = stubs(
      {
        'GET /api/account/payment/providers': {
          body: { location: 'cn', items: CN_PROVIDERS.items.slice(0, 1) },
        },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-1',
            method: 'wechatpay',
            test_mode: false,
            next: { kind: 'wechat_jsapi', bridge: BRIDGE },
            expire_time: 1_767_227_400,
          },
        },
      },
      cnInfos(),
    );
    renderApp('/account/order/confirm', dialogRoutes('wechat'));
    const user = userEvent.setup();
    expect(await screen.findByText('WeChat Pay could not open its payment sheet')).toBeTruthy();
    expect(invoke).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'WeChat Pay' }));
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    expect(fetch.callsTo('POST /api/account/payments')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('WeChat Pay could not open its payment sheet')).toBeNull());
    vi.unstubAllGlobals();
  });

  it("a bad bill id says 'invalid bill number' and stops asking", async () => {
    const fetch = stubs({
      'GET /api/user/bill': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'invalid bill number', req_id: 'r' },
      },
    });
    renderApp('/account/order/confirm', dialogRoutes('desktop'));
    expect(await screen.findByText('Invalid bill number')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_POLL_MS * 1.5));
    expect(fetch.callsTo('GET /api/user/bill')).toHaveLength(1);
  });

  it('polls the bill every second while unpaid; once paid it stops and replaces the route with /payment/result', async () => {
    const asked: number[] = [];
    const fetch = stubs({
      'GET /api/user/bill': () => {
        asked.push(Date.now());
        const paid = asked.length >= 3;
        return {
          body: billAnswerFixture({
            bill: billFixture({ status: paid ? 'paid' : 'unpaid' }),
            order: orderFixture({ status: paid ? 'paid' : 'unpaid' }),
          }),
        };
      },
    });
    const app = renderApp('/account/order/confirm', dialogRoutes('desktop'));
    // Start from a page before the dialog's, so Back can be tried afterwards.
    expect(app.router.state.location.pathname).toBe('/account/order/confirm');

    await waitFor(() => expect(app.location()).toBe('/payment/result?order_id=order-1'), { timeout: 5000 });
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(asked).toHaveLength(3);
    const gaps = asked.slice(1).map((time, index) => time - (asked[index] ?? time));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(PAYMENT_POLL_MS - 50);
      expect(gap).toBeLessThan(PAYMENT_POLL_MS * 1.8);
    }
    expect(PAYMENT_POLL_MS).toBe(1000);

    // Polling has stopped: nothing more is asked.
    await act(() => new Promise((resolve) => setTimeout(resolve, PAYMENT_POLL_MS * 1.5)));
    expect(fetch.callsTo('GET /api/user/bill')).toHaveLength(3);
  });

  it('a bill that is no longer unpaid (expired) also ends on /payment/result', async () => {
    stubs({
      'GET /api/user/bill': {
        body: billAnswerFixture({
          bill: billFixture({ status: 'expired' }),
          order: orderFixture({ status: 'expired' }),
        }),
      },
    });
    const app = renderApp('/account/order/confirm', dialogRoutes('desktop'));
    await waitFor(() => expect(app.location()).toBe('/payment/result?order_id=order-1'));
    expect(app.router.state.historyAction).toBe('REPLACE');
  });
});
