import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import {
  billFixture,
  creditEntryFixture,
  orderFixture,
  page,
  paymentFixture,
  refundFixture,
} from '../../lib/testing/admin-billing-fixtures';

const ORDER = orderFixture();

function details(over: Record<string, unknown> = {}) {
  return {
    order: ORDER,
    bill: billFixture(),
    payments: [paymentFixture()],
    refunds: [],
    credit_entries: [creditEntryFixture()],
    notifications: [],
    invoice: null,
    refundable: true,
    refundable_amount: ORDER.pay_amount,
    ...over,
  };
}

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/orders': {
      body: page([
        ORDER,
        orderFixture({
          id: 'ord-2',
          order_id: 'ord-2',
          order_num: 'ORD-CN',
          currency: 'CNY',
          pay_amount: 12_345,
          price: 12_345,
        }),
      ]),
    },
    'GET /api/admin/orders/ord-1': { body: details() },
    ...extra,
  });
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('/admin/order', () => {
  it('shows each amount as cents / 100 with its currency symbol, and each row’s Details opens its order', async () => {
    signIn();
    server();
    const app = renderApp('/admin/order');
    const user = setup();

    const cn = within((await screen.findByText('ORD-CN')).closest('tr') as HTMLElement);
    expect(cn.getByText('¥123.45')).toBeTruthy();
    expect(cn.getByRole('button', { name: 'Details of order ORD-CN' })).toBeTruthy();
    // An operator does not pay a customer's order.
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details of order ORD-20260101-0001' }));
    await waitFor(() => expect(app.location()).toBe('/admin/order/details?id=ord-1'));
  });
});

describe('/admin/order/details', () => {
  it('shows the order, its bill, payments and the ledger entries it caused', async () => {
    signIn();
    server();
    renderApp('/admin/order/details?id=ord-1');

    expect(await screen.findByText('Order ORD-20260101-0001')).toBeTruthy();
    const ledger = within(
      (await screen.findByText('Credit ledger entries')).closest('.ant-card') as HTMLElement,
    );
    expect(ledger.getByText('+5,000')).toBeTruthy();
    expect(ledger.getByText('5,100')).toBeTruthy();
    const payments = within(screen.getByText('Payments').closest('.ant-card') as HTMLElement);
    expect(payments.getByText('sbx_ref_1')).toBeTruthy();
    expect(payments.getByText('$19.90')).toBeTruthy();
  });

  it('refund: the confirm says what it reverses, needs a reason, then shows the refund and its ledger entry', async () => {
    signIn();
    let refunded = false;
    const fetch = server({
      'GET /api/admin/orders/ord-1': () => ({
        body: refunded
          ? details({
              order: orderFixture({ status: 'refunded', refunded_time: 1_767_229_200 }),
              refunds: [refundFixture()],
              credit_entries: [
                creditEntryFixture({
                  id: 'ce-2',
                  kind: 'refund',
                  amount: -5000,
                  balance_after: 100,
                  note: 'Charged twice',
                }),
                creditEntryFixture(),
              ],
              refundable: false,
              refundable_amount: 0,
            })
          : details(),
      }),
      'POST /api/admin/orders/ord-1/refund': () => {
        refunded = true;
        return { body: { order: orderFixture({ status: 'refunded' }), refund: refundFixture() } };
      },
    });
    renderApp('/admin/order/details?id=ord-1');
    const user = setup();

    await user.click(await screen.findByRole('button', { name: /Refund/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('$19.90 goes back to the payer through Sandbox (test mode).')).toBeTruthy();
    expect(dialog.getByText(/The 5,000 credits this refund stands for are taken back/)).toBeTruthy();
    expect(dialog.getByText(/subscription it paid for is cut back/)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Refund $19.90' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Charged twice');
    await user.click(dialog.getByRole('button', { name: 'Refund $19.90' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')[0]?.json()).toEqual({
      reason: 'Charged twice',
      amount: 1990,
      request_id: expect.any(String),
    });

    expect(await screen.findByText('Refunded $19.90; 5,000 credits reversed')).toBeTruthy();
    const ledger = within(
      (await screen.findByText('Credit ledger entries')).closest('.ant-card') as HTMLElement,
    );
    expect(await ledger.findByText('-5,000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^rollback Refund$|^Refund$/ })).toBeNull();
  });

  it('a part refund: the amount is asked (at most what is left), the credits are its share, the plan goes on; a pending refund says so', async () => {
    signIn();
    const fetch = server({
      'GET /api/admin/orders/ord-1': { body: details({ refundable_amount: 1000 }) },
      'POST /api/admin/orders/ord-1/refund': {
        body: {
          order: ORDER,
          refund: refundFixture({
            status: 'pending',
            amount: 500,
            credits_reversed: 0,
            refund_no: 'ORD-20260101-0001R2',
          }),
        },
      },
    });
    renderApp('/admin/order/details?id=ord-1');
    const user = setup();

    await user.click(await screen.findByRole('button', { name: /Refund/ }));
    const dialog = within(await screen.findByRole('dialog'));
    // 9.90 of 19.90 was refunded before: 10.00 is left, offered in full.
    expect(dialog.getByText('At most $10.00')).toBeTruthy();
    const amount = dialog.getByLabelText('Amount to refund');
    await user.clear(amount);
    await user.type(amount, '11');
    await user.type(dialog.getByLabelText('Reason'), 'Partly unused');
    await user.click(dialog.getByRole('button', { name: 'Refund $11.00' }));
    expect(await dialog.findByText('Between 0.01 and $10.00')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '5');
    // 5,000 credits for 19.90: refunded 9.90 before (2,487), 14.90 after (3,743): 1,256 now.
    expect(dialog.getByText(/The 1,256 credits this refund stands for are taken back/)).toBeTruthy();
    expect(dialog.getByText('A part refund: the subscription it paid for goes on.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Refund $5.00' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/orders/ord-1/refund')[0]?.json()).toMatchObject({ amount: 500 });
    expect(
      await screen.findByText(
        'Refund ORD-20260101-0001R2 of $5.00 is pending: the provider has not confirmed it yet',
      ),
    ).toBeTruthy();
  });

  it('an order that cannot be refunded offers no refund', async () => {
    signIn();
    server({ 'GET /api/admin/orders/ord-1': { body: details({ refundable: false }) } });
    renderApp('/admin/order/details?id=ord-1');

    expect(await screen.findByText('Order ORD-20260101-0001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('an unknown order says so', async () => {
    signIn();
    server({
      'GET /api/admin/orders/nope': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'Not found', req_id: 'r' },
      },
    });
    renderApp('/admin/order/details?id=nope');

    expect(await screen.findByText('Order not found')).toBeTruthy();
  });
});
