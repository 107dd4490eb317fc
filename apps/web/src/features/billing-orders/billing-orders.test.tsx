import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { billFixture, orderFixture, SANDBOX_ONLY, T0 } from '../../lib/testing/billing-fixtures';

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
  it('shows what the plan costs with the unused part credited, then creates the order and opens the payment dialog', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/order/preview': { body: PREVIEW },
      'POST /api/account/orders': { body: { order: UPGRADE_ORDER, bill: UPGRADE_BILL } },
      'GET /api/user/bill': { body: { bill: UPGRADE_BILL, order: UPGRADE_ORDER } },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
    });
    renderApp('/account/order/confirm?plan_id=plan-team');
    const user = userEvent.setup();

    expect(await screen.findByText('$99.00')).toBeTruthy();
    expect(screen.getByText('-$12.50')).toBeTruthy();
    expect(screen.getByText('$86.50')).toBeTruthy();
    expect(screen.getByText('Upgrade')).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/order/preview')[0]?.url).toContain('plan_id=plan-team');

    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    expect(await dialog.findByText('ORD-20260101-0009')).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/orders')[0]?.json()).toEqual({ plan_id: 'plan-team' });
    expect(fetch.callsTo('GET /api/user/bill')[0]?.url).toContain('id=bill-9');
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
  it('lists the orders with amount from cents and status; a row opens its details', async () => {
    signIn();
    const paid = orderFixture({ status: 'paid', paid_time: T0 + 60 });
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/orders': {
        body: {
          items: [{ ...paid, bill_id: 'bill-1', invoice_status: null }],
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

    await user.click(screen.getByText('ORD-20260101-0001'));
    await waitFor(() => expect(app.location()).toBe('/account/order/details?id=order-1'));
    expect(await screen.findByText('sbx_123')).toBeTruthy();
    expect(screen.getByText('Captured')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request an invoice' }).getAttribute('href')).toBe(
      '/account/wallets/invoices?order_id=order-1',
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
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
      'GET /api/user/bill': { body: { bill: billFixture(), order: orderFixture() } },
      'GET /api/account/payment/providers': { body: SANDBOX_ONLY },
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
