import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { page } from '../../lib/testing/admin-billing-fixtures';
import type { StripeSubscriptionDetails, StripeSubscriptionRow } from './subscriptions-api';

const PATH = '/admin/stripe/subscription';

function subscriptionFixture(over: Partial<StripeSubscriptionRow> = {}): StripeSubscriptionRow {
  return {
    id: 'sub_1',
    customer_id: 'cus_1',
    status: 'active',
    amount: 1990,
    currency: 'USD',
    interval: 'month',
    interval_count: 1,
    current_period_start: 1_767_225_600,
    current_period_end: 1_769_904_000,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    default_payment_method: 'pm_card_1',
    latest_invoice: {
      id: 'in_1',
      number: 'INV-0001',
      status: 'paid',
      amount_due: 1990,
      amount_paid: 1990,
      url: 'https://invoice.stripe.com/i/in_1',
    },
    pending_update: null,
    schedule_id: null,
    team: { id: 'team-1', name: 'Acme' },
    plan: { id: 'plan-pro', name: 'Pro' },
    order_id: 'ord-1',
    creation_time: 1_767_225_600,
    synced_time: 1_767_225_700,
    ...over,
  };
}

const ENDING = subscriptionFixture({
  id: 'sub_2',
  status: 'past_due',
  amount: 9900,
  interval_count: 3,
  cancel_at_period_end: true,
  cancel_at: 1_769_904_000,
  latest_invoice: null,
  team: { id: 'team-2', name: 'Globex' },
});

const CANCELED = subscriptionFixture({
  id: 'sub_3',
  status: 'canceled',
  canceled_at: 1_768_000_000,
  ended_at: 1_768_000_000,
  team: { id: 'team-3', name: 'Initech' },
});

const DETAILS: StripeSubscriptionDetails = {
  subscription: subscriptionFixture(),
  events: [
    {
      id: 'n-1',
      event_id: 'evt_1',
      type: 'customer.subscription.created',
      outcome: 'recorded',
      detail: null,
      order_id: null,
      creation_time: 1_767_225_650,
    },
    {
      id: 'n-2',
      event_id: 'evt_2',
      type: 'invoice.paid',
      outcome: 'applied',
      detail: null,
      order_id: 'ord-9',
      creation_time: 1_767_225_700,
    },
  ],
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/stripe/subscriptions': { body: page([subscriptionFixture(), ENDING, CANCELED]) },
    'GET /api/admin/stripe/subscriptions/sub_1': { body: DETAILS },
    ...extra,
  });
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe(PATH, () => {
  it('lists each subscription with its team, amount per interval, status, renewal and latest invoice', async () => {
    signIn();
    server();
    renderApp(PATH);

    const active = await rowOf('sub_1');
    expect(active.getByText('Acme')).toBeTruthy();
    expect(active.getByText('$19.90 / month')).toBeTruthy();
    expect(active.getByText('Active')).toBeTruthy();
    expect(active.getByText(/^Renews on /)).toBeTruthy();
    expect(active.getByText('pm_card_1')).toBeTruthy();
    const invoice = active.getByRole('link', { name: 'INV-0001' });
    expect(invoice.getAttribute('href')).toBe('https://invoice.stripe.com/i/in_1');
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(active.getByText('Paid')).toBeTruthy();
    expect(active.getByText('$19.90 paid of $19.90')).toBeTruthy();
    expect(active.getByRole('button', { name: 'Cancel at period end subscription sub_1' })).toBeTruthy();

    const ending = await rowOf('sub_2');
    expect(ending.getByText('Globex')).toBeTruthy();
    expect(ending.getByText('$99.00 / 3 months')).toBeTruthy();
    expect(ending.getByText('Past due')).toBeTruthy();
    expect(ending.getByText(/^Ends on /)).toBeTruthy();
    expect(ending.getByRole('button', { name: 'Resume subscription sub_2' })).toBeTruthy();
    expect(ending.queryByRole('button', { name: 'Cancel at period end subscription sub_2' })).toBeNull();
  });

  it("a subscription's schedule links to the schedules page, in the list and in the drawer", async () => {
    signIn();
    server({
      'GET /api/admin/stripe/subscriptions': {
        body: page([subscriptionFixture({ schedule_id: 'sub_sched_1' })]),
      },
      'GET /api/admin/stripe/subscriptions/sub_1': {
        body: { ...DETAILS, subscription: subscriptionFixture({ schedule_id: 'sub_sched_1' }) },
      },
    });
    renderApp(PATH);
    const user = setup();

    const row = await rowOf('sub_1');
    expect(row.getByRole('link', { name: 'sub_sched_1' }).getAttribute('href')).toBe(
      '/admin/stripe/schedule?q=sub_sched_1',
    );
    await user.click(row.getByRole('button', { name: 'Events of subscription sub_1' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect((await drawer.findByRole('link', { name: 'sub_sched_1' })).getAttribute('href')).toBe(
      '/admin/stripe/schedule?q=sub_sched_1',
    );
  });

  it('a canceled subscription offers no cancel or resume, only sync', async () => {
    signIn();
    server();
    renderApp(PATH);

    const canceled = await rowOf('sub_3');
    expect(canceled.getByText('Canceled')).toBeTruthy();
    expect(canceled.getByText(/^Ended on /)).toBeTruthy();
    expect(canceled.queryByRole('button', { name: 'Cancel at period end subscription sub_3' })).toBeNull();
    expect(canceled.queryByRole('button', { name: 'Resume subscription sub_3' })).toBeNull();
    expect(canceled.getByRole('button', { name: 'Sync subscription sub_3' })).toBeTruthy();
  });

  it('the events drawer shows each event with what it did and the renewal order it paid', async () => {
    signIn();
    server();
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('sub_1')).getByRole('button', { name: 'Events of subscription sub_1' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('customer.subscription.created')).toBeTruthy();
    expect(drawer.getByText('Recorded')).toBeTruthy();
    expect(drawer.getByText('invoice.paid')).toBeTruthy();
    expect(drawer.getByText('Applied')).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'ord-9' }).getAttribute('href')).toBe(
      '/admin/order/details?id=ord-9',
    );
  });

  it('cancel at period end refuses an empty reason, then sends the action with it and refetches', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/subscriptions/sub_1/actions': {
        body: { subscription: subscriptionFixture({ cancel_at_period_end: true }) },
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click(
      (await rowOf('sub_1')).getByRole('button', { name: 'Cancel at period end subscription sub_1' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/It renews no more; the period already paid is kept/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel at period end' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/stripe/subscriptions/sub_1/actions')).toHaveLength(0);

    const listed = fetch.callsTo('GET /api/admin/stripe/subscriptions').length;
    await user.type(dialog.getByLabelText('Reason'), 'Customer asked');
    await user.click(dialog.getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/stripe/subscriptions/sub_1/actions')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/stripe/subscriptions/sub_1/actions')[0]?.json()).toEqual({
      action: 'cancel_at_period_end',
      reason: 'Customer asked',
    });
    expect(await screen.findByText('Subscription sub_1: it ends at the end of its period')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/stripe/subscriptions').length).toBeGreaterThan(listed),
    );
  });

  it('sync says nothing is charged and sends the sync action', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/subscriptions/sub_2/actions': { body: { subscription: ENDING } },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('sub_2')).getByRole('button', { name: 'Sync subscription sub_2' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/nothing is charged/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Webhook lost');
    await user.click(dialog.getByRole('button', { name: 'Sync' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/stripe/subscriptions/sub_2/actions')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/stripe/subscriptions/sub_2/actions')[0]?.json()).toEqual({
      action: 'sync',
      reason: 'Webhook lost',
    });
    expect(await screen.findByText('Subscription sub_2 read from Stripe')).toBeTruthy();
  });
});
