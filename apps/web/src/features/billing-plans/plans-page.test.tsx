import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { planFixture } from '../../lib/testing/billing-fixtures';

const FREE = planFixture({
  id: 'plan-free',
  key: 'free',
  name: 'Free',
  price: 0,
  credits: 100,
  storage_quota_bytes: 1024 ** 3,
  seats: 1,
  functions: ['chat'],
  is_default: true,
  sort_order: 0,
});
const PRO = planFixture({ highlighted: true });
const TEAM = planFixture({
  id: 'plan-team',
  key: 'team_yearly',
  name: 'Team',
  price: 99_900,
  validity: 1,
  validity_unit: 'year',
  credits: 100_000,
  seats: 20,
  functions: ['chat', 'analysis', 'ai_table'],
});
const PACK = planFixture({
  id: 'plan-pack',
  key: 'pack_1k',
  name: '1K credits',
  kind: 'credit_pack',
  price: 500,
  credits: 1000,
  functions: [],
});

function plansAnswer() {
  return {
    items: [
      { ...FREE, choice: 'current' },
      { ...PRO, choice: 'subscribe' },
      { ...TEAM, choice: 'subscribe' },
      { ...PACK, choice: 'buy' },
    ],
    current_plan_id: 'plan-free',
    test_mode: true,
  };
}

describe('/usm/plan', () => {
  it('shows each plan: name, price from cents with its symbol, validity and unit, credits per period, storage, seats and functions', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/usm/plans': { body: plansAnswer() } });
    renderApp('/usm/plan');

    const pro = within(await screen.findByRole('region', { name: 'Pro' }));
    expect(pro.getByText('$19.99')).toBeTruthy();
    expect(pro.getByText('per month')).toBeTruthy();
    expect(pro.getByText('Valid for 1 month')).toBeTruthy();
    expect(pro.getByText('5K credits per month')).toBeTruthy();
    expect(pro.getByText('10.00 GB storage')).toBeTruthy();
    expect(pro.getByText('5 seats')).toBeTruthy();
    expect(pro.getByText('Chat assistant')).toBeTruthy();
    expect(pro.getByText('Analysis')).toBeTruthy();
    expect(pro.queryByText('AI tables')).toBeNull();
    expect(pro.getByText('Recommended')).toBeTruthy();

    const team = within(screen.getByRole('region', { name: 'Team' }));
    expect(team.getByText('$999.00')).toBeTruthy();
    expect(team.getByText('per year')).toBeTruthy();
    expect(team.getByText('100K credits per year')).toBeTruthy();
    expect(team.getByText('AI tables')).toBeTruthy();

    const pack = within(screen.getByRole('region', { name: '1K credits' }));
    expect(pack.getByText('$5.00')).toBeTruthy();
    expect(pack.getByText('1K credits', { selector: 'li' })).toBeTruthy();
    // What the server does with a pack's credits, said as the payment dialog and the invoice say it.
    expect(pack.getByText('Credits never expire')).toBeTruthy();
    expect(pack.queryByText(/1 year|Valid for/)).toBeNull();
    expect(screen.getByText('Test mode')).toBeTruthy();
  });

  it('marks the current plan and does not offer it again', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/usm/plans': { body: plansAnswer() } });
    renderApp('/usm/plan');

    const free = within(await screen.findByRole('region', { name: 'Free' }));
    expect(free.getByText('Current plan', { selector: '.ant-tag' })).toBeTruthy();
    expect(free.getByRole('button', { name: 'Current plan Free' }).hasAttribute('disabled')).toBe(true);
    const pro = within(screen.getByRole('region', { name: 'Pro' }));
    expect(pro.queryByText('Current plan')).toBeNull();
  });

  it('a monthly Pro subscriber is offered a switch to yearly on Pro (yearly), not a downgrade', async () => {
    signIn();
    const yearly = planFixture({
      id: 'plan-pro-yearly',
      key: 'pro_yearly',
      name: 'Pro (yearly)',
      price: 19_000,
      validity: 1,
      validity_unit: 'year',
      credits: 60_000,
    });
    stubFetch({
      ...signedInRoutes(),
      'GET /api/usm/plans': {
        body: {
          items: [
            { ...FREE, choice: 'unavailable' },
            { ...PRO, choice: 'renew' },
            { ...yearly, choice: 'switch_period' },
          ],
          current_plan_id: 'plan-pro',
          test_mode: true,
        },
      },
    });
    renderApp('/usm/plan');
    const card = within(await screen.findByRole('region', { name: 'Pro (yearly)' }));
    expect(card.getByRole('button', { name: 'Switch to yearly Pro (yearly)' })).toBeTruthy();
    expect(card.queryByText('Downgrade')).toBeNull();
    expect(card.queryByText('Upgrade')).toBeNull();
  });

  it('choosing a plan leads to /account/order/confirm with its id', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/usm/plans': { body: plansAnswer() } });
    const app = renderApp('/usm/plan');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Subscribe Pro' }));
    await waitFor(() => expect(app.location()).toBe('/account/order/confirm?plan_id=plan-pro'));
  });
});
