import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import {
  billAnswerFixture,
  billFixture,
  orderFixture,
  orderRowFixture,
  SANDBOX_ONLY,
  T0,
} from '../../lib/testing/billing-fixtures';
import * as leave from '../../widgets/payment-dialog/leave-page';

const HOSTED = 'http://127.0.0.1/api/payments/sandbox/checkout?session=abc';
const STARTED = {
  body: {
    payment_id: 'pay-1',
    method: 'sandbox',
    test_mode: true,
    next: { kind: 'redirect', url: HOSTED },
    expire_time: T0 + 1800,
  },
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

const PREVIEW = {
  plan_id: 'plan-team',
  plan_name: 'Team',
  kind: 'upgrade',
  choice: 'upgrade',
  price: 9900,
  proration_credit: 1250,
  pay_amount: 8650,
  currency: 'USD',
  starts_time: T0,
  ends_time: T0 + 31 * 86_400,
  credits: 20_000,
  plan_kind: 'subscription',
  validity: 1,
  validity_unit: 'month',
  charged_card: null,
  stops_auto_renewal: false,
};

const UPGRADE_ORDER = orderFixture({
  id: 'order-9',
  order_id: 'order-9',
  order_num: 'ORD-20260101-0009',
  plan_name: 'Team',
  price: 9900,
  proration_credit: 1250,
  pay_amount: 8650,
  kind: 'upgrade',
});
const UPGRADE_BILL = billFixture({ id: 'bill-9', order_id: 'order-9', pay_amount: 8650 });

describe('/account/order/confirm', () => {
  it('shows what the plan costs with the unused part credited; with one way to pay, confirming goes straight to the provider’s page', async () => {
    signIn();
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': { body: PREVIEW },
      'POST /api/account/orders': { body: { order: UPGRADE_ORDER, bill: UPGRADE_BILL } },
      'GET /api/user/bill': { body: billAnswerFixture({ bill: UPGRADE_BILL, order: UPGRADE_ORDER }) },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'POST /api/account/payments': STARTED,
    });
    const app = renderApp('/account/order/confirm?plan_id=plan-team');
    const user = userEvent.setup();

    expect(await screen.findByText('$99.00')).toBeTruthy();
    expect(screen.getByText('-$12.50')).toBeTruthy();
    expect(screen.getByText('$86.50')).toBeTruthy();
    expect(screen.getByText('Upgrade')).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/order/preview')[0]?.url).toContain('plan_id=plan-team');

    // One click here, the next on the provider's page: no dialog button, no page of ours between.
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
    expect(fetch.callsTo('POST /api/account/orders')[0]?.json()).toEqual({ plan_id: 'plan-team' });
    expect(fetch.callsTo('POST /api/account/payments')[0]?.json()).toMatchObject({
      bill_id: 'bill-9',
      method: 'sandbox',
    });
    expect(app.location()).toBe('/account/order/confirm?plan_id=plan-team');
    expect(screen.queryByText(/the card that pays your renewals/)).toBeNull();
  });

  it('an upgrade of the plan Stripe renews says, before confirming, which card is charged how much at once; other orders say nothing of a card', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': {
        body: { ...PREVIEW, charged_card: { brand: 'Visa', last4: '4242' } },
      },
    });
    renderApp('/account/order/confirm?plan_id=plan-team');
    expect(
      await screen.findByText(
        'Paying with Stripe charges $86.50 at once to your Visa card ending in 4242, the card that pays your renewals.',
      ),
    ).toBeTruthy();
  });

  it('an upgrade its credit pays whole says the plan Stripe renews by itself stops renewing', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': {
        body: { ...PREVIEW, proration_credit: 9900, pay_amount: 0, stops_auto_renewal: true },
      },
    });
    renderApp('/account/order/confirm?plan_id=plan-team');
    expect(
      await screen.findByText(
        'Your current plan no longer renews by itself on Stripe: its unused part pays for the new plan, which you renew by hand from the plans page.',
      ),
    ).toBeTruthy();
  });

  it('the same tier for another period is a switch of period, not an upgrade or a downgrade', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': {
        body: { ...PREVIEW, plan_name: 'Pro (yearly)', choice: 'switch_period', validity_unit: 'year' },
      },
    });
    renderApp('/account/order/confirm?plan_id=plan-team');
    expect(await screen.findByText('Switch to yearly')).toBeTruthy();
    expect(screen.queryByText('Upgrade')).toBeNull();
    expect(
      screen.getByText(
        'The new period starts as soon as you pay; the unused part of your current plan is deducted.',
      ),
    ).toBeTruthy();
  });

  it('a credit pack’s period says its credits never expire', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': {
        body: {
          ...PREVIEW,
          plan_name: '1,000 credits',
          kind: 'buy',
          choice: 'buy',
          proration_credit: 0,
          ends_time: null,
          plan_kind: 'credit_pack',
          validity_unit: 'year',
        },
      },
    });
    renderApp('/account/order/confirm?plan_id=plan-pack');
    expect(await screen.findByText('Credits never expire')).toBeTruthy();
    expect(screen.queryByText(/From 2026/)).toBeNull();
  });

  it('a downgrade says it starts at the end of the current period', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': {
        body: { ...PREVIEW, kind: 'downgrade', choice: 'downgrade', proration_credit: 0, pay_amount: 9900 },
      },
    });
    renderApp('/account/order/confirm?plan_id=plan-team');
    expect(
      await screen.findByText('The new plan starts when your current period ends, on 2026-01-01.'),
    ).toBeTruthy();
  });

  it('without a plan it points to the plans', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/account/order/confirm');
    expect((await screen.findByRole('link', { name: 'See the plans' })).getAttribute('href')).toBe(
      '/usm/plan',
    );
  });
});

describe('/account/orders and /account/order/details', () => {
  it('lists the orders with amount from cents and status; Details opens an order, a paid one offers no Pay', async () => {
    signIn();
    const paid = orderFixture({ status: 'paid', paid_time: T0 + 60 });
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders': {
        body: {
          items: [orderRowFixture(paid)],
          total: 1,
          page: 1,
          page_size: 10,
        },
      },
      'GET /api/account/orders/order-1': {
        body: {
          order: paid,
          bill: billFixture({ status: 'paid', paid_time: T0 + 60, method: 'sandbox' }),
          payments: [
            {
              id: 'pay-1',
              method: 'sandbox',
              status: 'captured',
              amount: 1999,
              currency: 'USD',
              provider_reference: 'sbx_123',
              creation_time: T0 + 30,
              captured_time: T0 + 60,
            },
          ],
          invoice: null,
          can_request_invoice: true,
        },
      },
    });
    const app = renderApp('/account/orders');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('$19.99')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/orders')[0]?.url).toContain('sort=-creation_time');

    expect(screen.queryByRole('button', { name: /^Pay order/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details of order ORD-20260101-0001' }));
    await waitFor(() => expect(app.location()).toBe('/account/order/details?id=order-1'));
    expect(await screen.findByText('sbx_123')).toBeTruthy();
    expect(screen.getByText('Captured')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request an invoice' }).getAttribute('href')).toBe(
      '/account/wallets/invoices?order_id=order-1',
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('an unpaid order still payable offers Pay in the list, straight to the provider; one whose bill ran out does not', async () => {
    signIn();
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders': {
        body: {
          items: [
            orderRowFixture({ bill_expire_time: nowSeconds() + 1200 }),
            // Past its 30 minutes, not yet marked expired by the job.
            orderRowFixture({
              id: 'order-2',
              order_id: 'order-2',
              order_num: 'ORD-20260101-0002',
              bill_id: 'bill-2',
              bill_expire_time: nowSeconds() - 60,
            }),
          ],
          total: 2,
          page: 1,
          page_size: 10,
        },
      },
      'GET /api/user/bill': { body: billAnswerFixture() },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
      'POST /api/account/payments': STARTED,
    });
    renderApp('/account/orders');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await screen.findByRole('button', { name: 'Details of order ORD-20260101-0002' });
    expect(screen.queryByRole('button', { name: 'Pay order ORD-20260101-0002' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay order ORD-20260101-0001' }));
    await waitFor(() => expect(away).toHaveBeenCalledWith(HOSTED));
    expect(fetch.callsTo('GET /api/user/bill')[0]?.url).toContain('id=bill-1');
  });

  it('an unpaid order can be paid from its details (the payment dialog) or canceled', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-1': {
        body: {
          order: orderFixture(),
          bill: billFixture(),
          payments: [],
          invoice: null,
          can_request_invoice: false,
        },
      },
      'GET /api/user/bill': { body: billAnswerFixture() },
      // Two ways to pay: the dialog waits for a choice, so it can be closed again.
      'GET /api/account/payment/providers': {
        body: {
          location: 'global',
          items: [
            ...SANDBOX_ONLY.items,
            { method: 'stripe', name: 'Stripe', test_mode: true, flow: 'redirect' },
          ],
        },
      },
      'POST /api/account/orders/order-1/cancel': { body: { order: orderFixture({ status: 'canceled' }) } },
    });
    renderApp('/account/order/details?id=order-1');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('dialog', { name: 'Payment' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/account/orders/order-1/cancel')).toHaveLength(1));
  });

  it("another team's order (NOT_FOUND) shows 'Order not found'", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders/order-x': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'Not found', req_id: 'r' },
      },
    });
    renderApp('/account/order/details?id=order-x');
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });
});
