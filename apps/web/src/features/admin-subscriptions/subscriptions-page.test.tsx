import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { formatDate } from '../../lib/format';
import { page, planFixture, subscriptionFixture, T0 } from '../../lib/testing/admin-billing-fixtures';
import { errorBody } from '../../lib/testing/mock-fetch';
import { extendedEnd } from './extend-subscription-modal';

const PATH = '/admin/usm/subscription';
const PAID = subscriptionFixture();
const FREE = subscriptionFixture({
  id: 'sub-free',
  team_id: 'team-2',
  team_name: 'Solo',
  plan_name: 'Free',
  plan_key: 'free',
  is_default_plan: true,
});

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/usm/subscriptions': { body: page([PAID, FREE]) },
    'GET /api/admin/usm/plans': { body: { items: [planFixture()] } },
    ...extra,
  });
}

async function rowOf(team: string) {
  const cell = await screen.findByText(team, {}, { timeout: 20_000 }); // the first visit compiles the lazy page
  const row = cell.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${team}`);
  return within(row);
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe(PATH, () => {
  it('searches by team, owner or plan through the list query', async () => {
    signIn();
    const fetch = server();
    const app = renderApp(PATH);
    const user = setup();

    await user.type(await screen.findByPlaceholderText('Search team, owner e-mail or plan'), 'growth{Enter}');

    await waitFor(() => expect(app.location()).toContain('q=growth'));
    await waitFor(() =>
      expect(
        fetch.callsTo('GET /api/admin/usm/subscriptions').some((call) => call.url.includes('q=growth')),
      ).toBe(true),
    );
  });

  it('extending asks for a reason, shows the new period end, and sends period and reason', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/usm/subscriptions/sub-1/extend': {
        body: { subscription: subscriptionFixture({ period_end: extendedEnd(PAID.period_end, 2, 'month') }) },
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Growth')).getByRole('button', { name: 'Extend' }));
    const dialog = within(await screen.findByRole('dialog'));
    const by = dialog.getByLabelText('Extend by');
    await user.clear(by);
    await user.type(by, '2');
    expect(dialog.getByTestId('new-period-end').textContent).toBe(
      formatDate(extendedEnd(PAID.period_end, 2, 'month')),
    );

    await user.click(dialog.getByRole('button', { name: 'Extend' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/usm/subscriptions/sub-1/extend')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Outage compensation');
    await user.click(dialog.getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/usm/subscriptions/sub-1/extend')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/admin/usm/subscriptions/sub-1/extend')[0]?.json()).toEqual({
      validity: 2,
      validity_unit: 'month',
      reason: 'Outage compensation',
    });
  });

  it('cancelling says the team falls back to the free plan and no money moves; a refusal stays in the dialog', async () => {
    signIn();
    let calls = 0;
    const fetch = server({
      'POST /api/admin/usm/subscriptions/sub-1/cancel': () => {
        calls += 1;
        if (calls === 1) {
          return {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid input', { fields: { reason: 'Too vague' } }),
          };
        }
        return {
          body: {
            subscription: subscriptionFixture({ status: 'canceled' }),
            fallback: subscriptionFixture({ id: 'sub-2', plan_name: 'Free', is_default_plan: true }),
          },
        };
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Growth')).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/falls back to the free plan now/)).toBeTruthy();
    expect(dialog.getByText(/No money is refunded/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'x');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    expect(await dialog.findByText('Too vague')).toBeTruthy();

    await user.clear(dialog.getByLabelText('Reason'));
    await user.type(dialog.getByLabelText('Reason'), 'Fraudulent sign-up');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/usm/subscriptions/sub-1/cancel')).toHaveLength(2),
    );
    expect(fetch.callsTo('POST /api/admin/usm/subscriptions/sub-1/cancel')[1]?.json()).toEqual({
      reason: 'Fraudulent sign-up',
    });
  });

  it('the free plan renews itself: it offers no extend or cancel', async () => {
    signIn();
    server();
    renderApp(PATH);

    const free = await rowOf('Solo');
    expect(free.queryByRole('button', { name: 'Extend' })).toBeNull();
    expect(free.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('history shows who changed the subscription and why', async () => {
    signIn();
    server({
      'GET /api/admin/usm/teams/team-1/subscription-history': {
        body: page([
          {
            id: 'ev-2',
            kind: 'extend',
            plan_id: 'plan-pro',
            plan_name: 'Pro',
            period_start: T0,
            period_end: T0 + 62 * 86_400,
            order_id: null,
            order_num: null,
            reason: 'Outage compensation',
            actor: { id: 'admin-1', username: 'Root' },
            creation_time: T0 + 86_400,
          },
          {
            id: 'ev-1',
            kind: 'subscribe',
            plan_id: 'plan-pro',
            plan_name: 'Pro',
            period_start: T0,
            period_end: T0 + 31 * 86_400,
            order_id: 'ord-1',
            order_num: 'ORD-1',
            reason: null,
            actor: null,
            creation_time: T0,
          },
        ]),
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await rowOf('Growth')).getByRole('button', { name: 'History' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Outage compensation')).toBeTruthy();
    expect(drawer.getByText('Extended')).toBeTruthy();
    expect(drawer.getByText('Root').closest('a')?.getAttribute('href')).toBe(
      '/admin/user/details?id=admin-1',
    );
    expect(drawer.getByText('ORD-1').closest('a')?.getAttribute('href')).toBe(
      '/admin/order/details?id=ord-1',
    );
  });
});
