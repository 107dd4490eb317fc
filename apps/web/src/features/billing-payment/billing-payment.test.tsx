import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import {
  billAnswerFixture,
  billFixture,
  orderFixture,
  SANDBOX_ONLY,
  T0,
} from '../../lib/testing/billing-fixtures';
import * as leave from '../../widgets/payment-dialog/leave-page';

const HOSTED = 'http://127.0.0.1/api/payments/sandbox/checkout?session=abc';

describe('/payment?bill_id&order_id', () => {
  it("with the sandbox provider: says 'test mode', and its button opens the app's hosted sandbox page", async () => {
    signIn();
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/user/bill': { body: billAnswerFixture() },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'POST /api/account/payments': {
        body: {
          payment_id: 'pay-1',
          method: 'sandbox',
          test_mode: true,
          next: { kind: 'redirect', url: HOSTED },
          expire_time: T0 + 1800,
        },
      },
    });
    renderApp('/payment?bill_id=bill-1&order_id=order-1');
    const user = userEvent.setup();

    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(screen.getByText(/no real money is charged/)).toBeTruthy();
    expect(screen.getByText('$19.99', { selector: 'strong, strong *' })).toBeTruthy();

    // No attempt yet (an old link): nothing failed, nothing is waited for.
    expect(screen.queryByText('The payment failed')).toBeNull();
    expect(screen.queryByText('Waiting for your payment…')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sandbox (test mode)' }));
    await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toEqual({
      bill_id: 'bill-1',
      method: 'sandbox',
      app_type: 'pc_web',
    });
  });

  it.each([
    ['failed', 'The payment failed'],
    ['canceled', 'The payment was canceled'],
    // Back from Stripe's page without paying: Stripe keeps the session open.
    ['pending', 'The payment was not completed'],
  ] as const)(
    'back from a %s payment: says so (not "waiting"), and Try again goes straight back to the provider',
    async (status, said) => {
      signIn();
      const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
      const fetch = stubFetch({
        ...signedInRoutes(),
        'GET /api/user/bill': {
          body: billAnswerFixture({ last_payment: { method: 'sandbox', status, creation_time: T0 } }),
        },
        'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
        'POST /api/account/payments': {
          body: {
            payment_id: 'pay-2',
            method: 'sandbox',
            test_mode: true,
            next: { kind: 'redirect', url: HOSTED },
            expire_time: T0 + 1800,
          },
        },
      });
      renderApp('/payment?bill_id=bill-1&order_id=order-1');
      const user = userEvent.setup();

      expect(await screen.findByText(said)).toBeTruthy();
      expect(screen.queryByText('Waiting for your payment…')).toBeNull();
      // The payer just came back: nothing starts by itself.
      expect(fetch.callsTo('POST /api/account/payments')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
      expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toMatchObject({
        bill_id: 'bill-1',
        method: 'sandbox',
      });
    },
  );

  it("an unknown bill says 'invalid bill number'", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/user/bill': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'invalid bill number', req_id: 'r' },
      },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
    });
    renderApp('/payment?bill_id=nope&order_id=order-1');
    expect(await screen.findByText('Invalid bill number')).toBeTruthy();
  });

  it("a bill of another order than the address names also says 'invalid bill number'", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/user/bill': { body: billAnswerFixture() },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
    });
    renderApp('/payment?bill_id=bill-1&order_id=order-2');
    expect(await screen.findByText('Invalid bill number')).toBeTruthy();
  });

  it('once the bill is paid (in another tab) the page is replaced by /payment/result', async () => {
    signIn();
    let asked = 0;
    stubFetch({
      ...signedInRoutes(),
      'GET /api/user/bill': () => {
        asked += 1;
        const status = asked > 1 ? 'paid' : 'unpaid';
        return {
          body: billAnswerFixture({ bill: billFixture({ status }), order: orderFixture({ status }) }),
        };
      },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'GET /api/account/orders/order-1': {
        body: {
          order: orderFixture({ status: 'paid', paid_time: T0 }),
          bill: billFixture({ status: 'paid' }),
          payments: [],
          invoice: null,
          can_request_invoice: true,
        },
      },
    });
    const app = renderApp('/payment?bill_id=bill-1&order_id=order-1');
    await waitFor(() => expect(app.location()).toBe('/payment/result?order_id=order-1'), { timeout: 5000 });
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Payment received')).toBeTruthy();
  });
});

describe('/payment/result?order_id', () => {
  it('paid: says what the order did and reloads the plan and credits of basic infos', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-1': {
        body: {
          order: orderFixture({ status: 'paid', paid_time: T0 }),
          bill: billFixture({ status: 'paid' }),
          payments: [],
          invoice: null,
          can_request_invoice: true,
        },
      },
    });
    const app = renderApp('/payment/result?order_id=order-1');
    const user = userEvent.setup();

    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.getByText(/Pro is active: 5K credits for this period/)).toBeTruthy();
    // Once by the guard, once more after the payment.
    await waitFor(() => expect(fetch.callsTo('GET /api/user/basic-infos').length).toBeGreaterThanOrEqual(2));

    await user.click(screen.getByRole('button', { name: 'View subscription' }));
    await waitFor(() => expect(app.location()).toBe('/account/subscription'));
  });

  it('still unpaid when the payer returns: waits, asking every second, until the payment arrives', async () => {
    signIn();
    let asked = 0;
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-1': () => {
        asked += 1;
        const status = asked > 1 ? 'paid' : 'unpaid';
        return {
          body: {
            order: orderFixture({ status }),
            bill: billFixture({ status }),
            payments: [],
            invoice: null,
            can_request_invoice: false,
          },
        };
      },
    });
    renderApp('/payment/result?order_id=order-1');
    expect(await screen.findByText('Waiting for the payment')).toBeTruthy();
    expect(await screen.findByText('Payment received', {}, { timeout: 4000 })).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('unpaid after a failed payment: says it failed, not "waiting", and Try again pays straight away', async () => {
    signIn();
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-1': {
        body: {
          order: orderFixture(),
          bill: billFixture(),
          payments: [
            {
              id: 'pay-1',
              method: 'sandbox',
              status: 'failed',
              amount: 1999,
              currency: 'USD',
              provider_reference: 'sbx_1',
              creation_time: T0,
              captured_time: null,
            },
          ],
          invoice: null,
          can_request_invoice: false,
        },
      },
      'GET /api/user/bill': {
        body: billAnswerFixture({ last_payment: { method: 'sandbox', status: 'failed', creation_time: T0 } }),
      },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'POST /api/account/payments': {
        body: {
          payment_id: 'pay-2',
          method: 'sandbox',
          test_mode: true,
          next: { kind: 'redirect', url: HOSTED },
          expire_time: T0 + 1800,
        },
      },
    });
    renderApp('/payment/result?order_id=order-1');
    const user = userEvent.setup();
    expect(await screen.findByText('The payment failed')).toBeTruthy();
    expect(screen.queryByText('Waiting for the payment')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
  });

  it('expired: nothing was charged, and the plans are one click away', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-1': {
        body: {
          order: orderFixture({ status: 'expired' }),
          bill: billFixture({ status: 'expired' }),
          payments: [],
          invoice: null,
          can_request_invoice: false,
        },
      },
    });
    renderApp('/payment/result?order_id=order-1');
    expect(await screen.findByText('This order expired before it was paid')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See the plans' })).toBeTruthy();
  });
});
