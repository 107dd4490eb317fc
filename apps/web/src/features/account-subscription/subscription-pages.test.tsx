import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { T0 } from '../../lib/testing/billing-fixtures';
import type { MySubscription } from './subscription-api';

const DAY = 86_400;

function subscription(
  overrides: Partial<MySubscription['subscription']> = {},
): MySubscription['subscription'] {
  return {
    id: 'sub-1',
    team_id: 'team-1',
    plan_id: 'plan-pro',
    plan_key: 'pro_monthly',
    plan_name: 'Pro',
    status: 'active',
    is_default_plan: false,
    period_start: T0,
    period_end: T0 + 31 * DAY,
    cancel_reason: null,
    canceled_time: null,
    creation_time: T0,
    ...overrides,
  };
}

function answer(overrides: Partial<MySubscription> = {}): MySubscription {
  return {
    subscription: subscription(),
    scheduled: null,
    plan: {
      credits: 5000,
      storage_quota_bytes: 10 * 1024 ** 3,
      seats: 5,
      functions: ['chat', 'analysis'],
      price: 1999,
      currency: 'USD',
      validity: 1,
      validity_unit: 'month',
    },
    credits: {
      balance: 4200,
      held: 150,
      available: 4050,
      granted: 5000,
      granted_remaining: 3700,
      period_start: T0,
      period_end: T0 + 31 * DAY,
    },
    days_left: 20,
    ...overrides,
  };
}

const EMPTY_LIST = { items: [], total: 0, page: 1, page_size: 10 };

function stubs(subscriptionAnswer: MySubscription, ledger: unknown = EMPTY_LIST) {
  signIn();
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/account/subscription': { body: subscriptionAnswer },
    'GET /api/account/credits/ledger': { body: ledger },
  });
}

describe('/account/subscription', () => {
  it('shows the current plan, its period, and the credits balance, held and granted', async () => {
    stubs(answer());
    renderApp('/account/subscription');

    // The first visit compiles the page's chunk: allow for a loaded machine.
    const period = await screen.findByText('Current period', {}, { timeout: 20_000 });
    const plan = within(period.closest('.ant-card') as HTMLElement);
    expect(plan.getByText('2026-01-01 – 2026-02-01')).toBeTruthy();
    expect(plan.getByText('Pro')).toBeTruthy();
    expect(plan.getByText('Active')).toBeTruthy();
    expect(plan.getByText('20')).toBeTruthy();
    expect(screen.getByText('$19.99 per month')).toBeTruthy();
    expect(screen.getByText('Chat assistant, Analysis')).toBeTruthy();
    const credits = within(screen.getByText('Held by work in progress').closest('.ant-card') as HTMLElement);
    expect(credits.getByText('4,200')).toBeTruthy();
    expect(credits.getByText('150')).toBeTruthy();
    expect(credits.getByText('4,050')).toBeTruthy();
    expect(credits.getByText('5,000')).toBeTruthy();
    expect(credits.getByText('3,700 of this period’s 5,000 granted credits left')).toBeTruthy();
  });

  it('says what happens at period end: a paid plan returns to free unless renewed; granted credits expire', async () => {
    stubs(answer());
    renderApp('/account/subscription');
    expect(
      await screen.findByText(
        'On 2026-02-01 Pro ends and your team returns to the free plan, unless you renew before.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Credits granted for the period expire when it ends; purchased credits stay.'),
    ).toBeTruthy();
    expect(
      screen.getByText('You are reminded 7 days and 1 day before, in your inbox and by e-mail.'),
    ).toBeTruthy();
  });

  it('a scheduled downgrade is named with its date; the free plan renews itself', async () => {
    stubs(answer({ scheduled: subscription({ id: 'sub-2', plan_name: 'Basic', status: 'scheduled' }) }));
    const first = renderApp('/account/subscription');
    expect(await screen.findByText('On 2026-02-01 your team moves to Basic, as you chose.')).toBeTruthy();
    first.unmount();

    stubs(answer({ subscription: subscription({ plan_name: 'Free', is_default_plan: true }) }));
    renderApp('/account/subscription');
    expect(
      await screen.findByText('On 2026-02-01 the free plan renews by itself with a new grant of credits.'),
    ).toBeTruthy();
    // Nothing to downgrade to from the free plan.
    expect(screen.queryByRole('button', { name: 'Downgrade' })).toBeNull();
  });

  it('upgrade and downgrade lead to /usm/plan', async () => {
    stubs(answer());
    const app = renderApp('/account/subscription');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Downgrade' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(app.location()).toBe('/usm/plan'));
  });

  it('lists the credit ledger that explains the balance', async () => {
    const fetch = stubs(answer(), {
      items: [
        {
          id: 'e-2',
          kind: 'usage',
          amount: -300,
          balance_after: 4700,
          reference_type: 'reservation',
          reference_id: 'r-1',
          note: 'chat',
          user: { id: 'user-1', username: 'Ada' },
          creation_time: T0 + 3600,
        },
        {
          id: 'e-1',
          kind: 'grant',
          amount: 5000,
          balance_after: 5000,
          reference_type: 'subscription',
          reference_id: 'sub-1',
          note: 'ORD-20260101-0001',
          user: null,
          creation_time: T0,
        },
      ],
      total: 2,
      page: 1,
      page_size: 10,
    });
    renderApp('/account/subscription');
    // The grid arrives after the page and its own chunk: allow for a loaded machine.
    expect(await screen.findByText('-300', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('+5000')).toBeTruthy();
    expect(screen.getByText('Used')).toBeTruthy();
    expect(screen.getByText('Granted')).toBeTruthy();
    expect(fetch.callsTo('GET /api/account/credits/ledger')[0]?.url).toContain('sort=-creation_time');
  });
});

describe('/account/subscription-history', () => {
  it('lists what happened, with the order and the operator’s reason', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/subscription/history': {
        body: {
          items: [
            {
              id: 'h-2',
              kind: 'extend',
              plan_id: 'plan-pro',
              plan_name: 'Pro',
              period_start: T0,
              period_end: T0 + 62 * DAY,
              order_id: null,
              order_num: null,
              reason: 'Service outage',
              actor: { id: 'admin-1', username: 'Root' },
              creation_time: T0 + DAY,
            },
            {
              id: 'h-1',
              kind: 'subscribe',
              plan_id: 'plan-pro',
              plan_name: 'Pro',
              period_start: T0,
              period_end: T0 + 31 * DAY,
              order_id: 'order-1',
              order_num: 'ORD-20260101-0001',
              reason: null,
              actor: null,
              creation_time: T0,
            },
          ],
          total: 2,
          page: 1,
          page_size: 10,
        },
      },
    });
    renderApp('/account/subscription-history');
    expect(await screen.findByText('Extended')).toBeTruthy();
    expect(screen.getByText('Subscribed')).toBeTruthy();
    expect(screen.getByText('Service outage · by Root')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ORD-20260101-0001' }).getAttribute('href')).toBe(
      '/account/order/details?id=order-1',
    );
  });
});
