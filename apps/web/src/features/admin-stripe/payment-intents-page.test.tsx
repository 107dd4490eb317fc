import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { page } from '../../lib/testing/admin-billing-fixtures';
import type { StripeIntent, StripeIntentDetails } from './payment-intents-api';

const PATH = '/admin/stripe/payment-indent';

function intentFixture(over: Partial<StripeIntent> = {}): StripeIntent {
  return {
    id: 'pi_1',
    status: 'succeeded',
    amount: 4900,
    amount_received: 4900,
    amount_refunded: 1000,
    currency: 'USD',
    card_brand: 'visa',
    card_last4: '4242',
    failure_code: null,
    failure_message: null,
    payment_id: 'pay-1',
    order_id: 'ord-1',
    order_num: 'ORD-20260101-0001',
    team: { id: 'team-1', name: 'Acme' },
    plan_name: 'Pro',
    creation_time: 1_767_225_600,
    synced_time: 1_767_225_700,
    ...over,
  };
}

const DETAILS: StripeIntentDetails = {
  intent: intentFixture(),
  events: [
    {
      id: 'n-1',
      event_id: 'evt_1',
      type: 'checkout.session.completed',
      outcome: 'applied',
      detail: null,
      synced: null,
      creation_time: 1_767_225_650,
    },
    {
      id: 'n-2',
      event_id: 'evt_2',
      type: 'charge.refunded',
      outcome: 'ignored',
      detail: null,
      synced: { status: 'succeeded', amount_received: 4900, amount_refunded: 1000 },
      creation_time: 1_767_225_700,
    },
  ],
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/stripe/payment-intents': {
      body: page([
        intentFixture(),
        intentFixture({
          id: 'pi_2',
          status: 'requires_payment_method',
          amount: 12_345,
          amount_received: 0,
          amount_refunded: 0,
          currency: 'CNY',
          failure_code: 'card_declined',
          failure_message: 'Your card was declined.',
          order_id: null,
          order_num: null,
          team: null,
          plan_name: null,
        }),
      ]),
    },
    'GET /api/admin/stripe/payment-intents/pi_1': { body: DETAILS },
    ...extra,
  });
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe(PATH, () => {
  it('lists each intent with its amount, status, card, failure, refunds and its order linked', async () => {
    signIn();
    server();
    renderApp(PATH);

    const paid = await rowOf('pi_1');
    expect(paid.getByText('$49.00')).toBeTruthy();
    expect(paid.getByText('$10.00')).toBeTruthy();
    expect(paid.getByText('Succeeded')).toBeTruthy();
    expect(paid.getByText('visa •••• 4242')).toBeTruthy();
    expect(paid.getByText('Acme')).toBeTruthy();
    expect(paid.getByRole('link', { name: 'ORD-20260101-0001' }).getAttribute('href')).toBe(
      '/admin/order/details?id=ord-1',
    );

    const failed = await rowOf('pi_2');
    expect(failed.getByText('¥123.45')).toBeTruthy();
    expect(failed.getByText('Needs a payment method')).toBeTruthy();
    expect(failed.getByText('card_declined: Your card was declined.')).toBeTruthy();
  });

  it('the events drawer shows each event with what it did', async () => {
    signIn();
    server();
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('pi_1')).getByRole('button', { name: 'Events of payment intent pi_1' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('checkout.session.completed')).toBeTruthy();
    expect(drawer.getByText('Applied')).toBeTruthy();
    expect(drawer.getByText('charge.refunded')).toBeTruthy();
    expect(drawer.getByText('Ignored; read back: Succeeded, received $49.00, refunded $10.00')).toBeTruthy();
  });

  it('refresh asks for a reason, then sends it', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/payment-intents/pi_1/refresh': { body: { intent: intentFixture() } },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('pi_1')).getByRole('button', { name: 'Refresh payment intent pi_1' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Nothing is paid or refunded/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Refresh' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/stripe/payment-intents/pi_1/refresh')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Webhook lost');
    await user.click(dialog.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/stripe/payment-intents/pi_1/refresh')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/stripe/payment-intents/pi_1/refresh')[0]?.json()).toEqual({
      reason: 'Webhook lost',
    });
  });

  it('the list’s Refresh from Stripe asks for a reason, backfills, and says how many were read', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/payment-intents/sync': { body: { synced: 2, more: false } },
    });
    renderApp(PATH);
    const user = setup();

    await rowOf('pi_1');
    await user.click(screen.getByRole('button', { name: 'Refresh from Stripe' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Nothing is paid or refunded/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Webhooks were off');
    await user.click(dialog.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/stripe/payment-intents/sync')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/stripe/payment-intents/sync')[0]?.json()).toEqual({
      reason: 'Webhooks were off',
    });
    expect(await screen.findByText('2 payment intents read from Stripe')).toBeTruthy();
  });

  it('a Stripe key that cannot read payment intents: the refusal is shown, naming it', async () => {
    signIn();
    server({
      'POST /api/admin/stripe/payment-intents/sync': {
        status: 409,
        body: {
          error_code: 'CONFLICT',
          msg: 'The Stripe key cannot read payment intents (a restricted key without "PaymentIntents: Read"): give the key that permission in Stripe, or use the secret key',
          req_id: 'r-1',
        },
      },
    });
    renderApp(PATH);
    const user = setup();

    await rowOf('pi_1');
    await user.click(screen.getByRole('button', { name: 'Refresh from Stripe' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason'), 'Backfill');
    await user.click(dialog.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/cannot read payment intents/)).toBeTruthy();
  });
});
