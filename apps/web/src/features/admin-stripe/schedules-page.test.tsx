import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { page } from '../../lib/testing/admin-billing-fixtures';
import type { StripeScheduleDetails, StripeScheduleRow } from './schedules-api';

const PATH = '/admin/stripe/schedule';

type Phase = StripeScheduleRow['phases'][number];

const JAN = 1_767_225_600;
const FEB = 1_769_904_000;
const MAR = 1_772_323_200;

function phase(over: Partial<Phase> = {}): Phase {
  return {
    start: JAN,
    end: FEB,
    items: [
      {
        price_id: 'price_team',
        unit_amount: 9900,
        currency: 'USD',
        interval: 'month',
        interval_count: 1,
        quantity: 1,
      },
    ],
    trial: false,
    trial_end: null,
    plan: { id: 'plan-team', name: 'Team' },
    order_id: 'ord-1',
    order_num: 'ORD-20260101-0001',
    current: true,
    ...over,
  };
}

const DOWNGRADE = phase({
  start: FEB,
  end: MAR,
  items: [
    {
      price_id: 'price_pro',
      unit_amount: 1990,
      currency: 'USD',
      interval: 'month',
      interval_count: 3,
      quantity: 2,
    },
  ],
  trial: true,
  trial_end: MAR,
  plan: { id: 'plan-pro', name: 'Pro' },
  order_id: 'ord-2',
  order_num: 'ORD-20260201-0002',
  current: false,
});

function scheduleFixture(over: Partial<StripeScheduleRow> = {}): StripeScheduleRow {
  return {
    id: 'sub_sched_1',
    subscription_id: 'sub_1',
    customer_id: 'cus_1',
    team: { id: 'team-1', name: 'Acme' },
    status: 'active',
    end_behavior: 'release',
    current_phase: { start: JAN, end: FEB },
    phases: [phase(), DOWNGRADE],
    next_phase: DOWNGRADE,
    released_at: null,
    canceled_at: null,
    completed_at: null,
    released_subscription: null,
    creation_time: JAN,
    synced_time: JAN + 100,
    ...over,
  };
}

const ENDING = scheduleFixture({
  id: 'sub_sched_2',
  subscription_id: 'sub_2',
  team: { id: 'team-2', name: 'Globex' },
  end_behavior: 'cancel',
  phases: [phase()],
  next_phase: null,
});

const RELEASED = scheduleFixture({
  id: 'sub_sched_3',
  subscription_id: 'sub_3',
  team: { id: 'team-3', name: 'Initech' },
  status: 'released',
  current_phase: null,
  next_phase: null,
  released_at: JAN + 500,
  released_subscription: 'sub_3',
});

const DETAILS: StripeScheduleDetails = {
  schedule: scheduleFixture(),
  events: [
    {
      id: 'n-1',
      event_id: 'evt_1',
      type: 'subscription_schedule.created',
      outcome: 'unknown_reference',
      detail: 'no payment has this reference',
      creation_time: JAN + 10,
    },
    {
      id: 'n-2',
      event_id: 'evt_2',
      type: 'subscription_schedule.updated',
      outcome: 'unknown_reference',
      detail: null,
      creation_time: JAN + 20,
    },
  ],
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/stripe/schedules': { body: page([scheduleFixture(), ENDING, RELEASED]) },
    'GET /api/admin/stripe/schedules/sub_sched_1': { body: DETAILS },
    ...extra,
  });
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe(PATH, () => {
  it('lists each schedule with its subscription (linked), team, status, end behaviour and next change', async () => {
    signIn();
    server();
    renderApp(PATH);

    const active = await rowOf('sub_sched_1');
    expect(active.getByRole('link', { name: 'sub_1' }).getAttribute('href')).toBe(
      '/admin/stripe/subscription?q=sub_1',
    );
    expect(active.getByText('Acme')).toBeTruthy();
    expect(active.getByText('Active')).toBeTruthy();
    expect(active.getByText('Keeps the subscription')).toBeTruthy();
    expect(active.getByText(/^Pro on /)).toBeTruthy();
    expect(active.getByRole('button', { name: 'Release: schedule sub_sched_1' })).toBeTruthy();
    expect(active.getByRole('button', { name: 'Cancel schedule: schedule sub_sched_1' })).toBeTruthy();

    const ending = await rowOf('sub_sched_2');
    expect(ending.getByText('Cancels the subscription')).toBeTruthy();
    expect(ending.getByText(/^Schedule ends on .*; the subscription is canceled$/)).toBeTruthy();
  });

  it('a released schedule offers no action', async () => {
    signIn();
    server();
    renderApp(PATH);

    const released = await rowOf('sub_sched_3');
    expect(released.getByText('Released')).toBeTruthy();
    expect(released.queryByRole('button', { name: 'Release: schedule sub_sched_3' })).toBeNull();
    expect(released.queryByRole('button', { name: 'Cancel schedule: schedule sub_sched_3' })).toBeNull();
  });

  it('the drawer shows the phases (price per interval, quantity, trial, the current one) and the events', async () => {
    signIn();
    server();
    renderApp(PATH);
    const user = setup();

    await user.click(
      (await rowOf('sub_sched_1')).getByRole('button', { name: 'Phases and events of schedule sub_sched_1' }),
    );
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('subscription_schedule.created')).toBeTruthy();
    expect(drawer.getByText('subscription_schedule.updated')).toBeTruthy();
    const current = within(drawer.getByText('$99.00 / month').closest('tr') as HTMLElement);
    expect(current.getByText('Current')).toBeTruthy();
    expect(current.getByText('Team')).toBeTruthy();
    expect(current.getByText('No')).toBeTruthy();
    const next = within(drawer.getByText('$19.90 / 3 months').closest('tr') as HTMLElement);
    expect(next.getByText('Pro')).toBeTruthy();
    expect(next.getByText('2')).toBeTruthy();
    expect(next.getByText(/^Until /)).toBeTruthy();
    expect(next.queryByText('Current')).toBeNull();
    expect(next.getByRole('link', { name: 'ORD-20260201-0002' }).getAttribute('href')).toBe(
      '/admin/order/details?id=ord-2',
    );
  });

  it('release refuses an empty reason, then sends the action with it and refetches', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/schedules/sub_sched_1/actions': {
        body: { schedule: scheduleFixture({ status: 'released', next_phase: null }) },
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click(
      (await rowOf('sub_sched_1')).getByRole('button', { name: 'Release: schedule sub_sched_1' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/the subscription sub_1 is kept as it is now/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Release' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/stripe/schedules/sub_sched_1/actions')).toHaveLength(0);

    const listed = fetch.callsTo('GET /api/admin/stripe/schedules').length;
    await user.type(dialog.getByLabelText('Reason'), 'Customer stays on Team');
    await user.click(dialog.getByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/stripe/schedules/sub_sched_1/actions')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/stripe/schedules/sub_sched_1/actions')[0]?.json()).toEqual({
      action: 'release',
      reason: 'Customer stays on Team',
    });
    expect(await screen.findByText('Schedule sub_sched_1 released')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/stripe/schedules').length).toBeGreaterThan(listed),
    );
  });

  it('cancel warns that the subscription ends now and sends the cancel action', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/stripe/schedules/sub_sched_2/actions': {
        body: { schedule: { ...ENDING, status: 'canceled' } },
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click(
      (await rowOf('sub_sched_2')).getByRole('button', { name: 'Cancel schedule: schedule sub_sched_2' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/the subscription sub_2 is canceled now/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Fraud');
    await user.click(dialog.getByRole('button', { name: 'Cancel schedule' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/stripe/schedules/sub_sched_2/actions')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/stripe/schedules/sub_sched_2/actions')[0]?.json()).toEqual({
      action: 'cancel',
      reason: 'Fraud',
    });
    expect(await screen.findByText('Schedule sub_sched_2 canceled, with its subscription')).toBeTruthy();
  });
});
