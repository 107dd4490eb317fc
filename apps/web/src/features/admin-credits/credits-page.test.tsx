import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { creditEntryFixture, page, T0 } from '../../lib/testing/admin-billing-fixtures';

const PATH = '/admin/usm/resources/credits';
const GROWTH = {
  team_id: 'team-1',
  team_name: 'Growth',
  owner_email: 'ada@example.com',
  plan_name: 'Pro',
  balance: 1200,
  held: 200,
  available: 1000,
  granted: 5000,
  granted_remaining: 900,
  period_start: T0,
  period_end: T0 + 31 * 86_400,
  updated_time: T0 + 3600,
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/usm/credits': { body: page([GROWTH]) },
    ...extra,
  });
}

async function growthRow() {
  const cell = await screen.findByText('Growth', {}, { timeout: 20_000 }); // the first visit compiles the lazy page
  const row = cell.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error('no row');
  return within(row);
}

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe(PATH, () => {
  it('shows balance, held and available in full', async () => {
    signIn();
    server();
    renderApp(PATH);

    const row = await growthRow();
    expect(row.getByText('1,200')).toBeTruthy();
    expect(row.getByText('200')).toBeTruthy();
    expect(row.getByText('1,000')).toBeTruthy();
  });

  it('an adjustment needs a reason and never takes more than is free (held credits stay)', async () => {
    signIn();
    const fetch = server({
      'POST /api/admin/usm/credits/team-1/adjust': {
        body: {
          balance: { ...GROWTH, balance: 700, available: 500 },
          entry: creditEntryFixture({ kind: 'adjust', amount: -500, balance_after: 700, note: 'Abuse' }),
        },
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await growthRow()).getByRole('button', { name: 'Adjust' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Amount'), '-1001');
    await user.type(dialog.getByLabelText('Reason'), 'Abuse');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    expect(await dialog.findByText('At most 1,000 can be taken: the rest is not free')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/usm/credits/team-1/adjust')).toHaveLength(0);

    const amount = dialog.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '-500');
    expect(dialog.getByTestId('balance-after').textContent).toBe('700');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/usm/credits/team-1/adjust')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/usm/credits/team-1/adjust')[0]?.json()).toEqual({
      amount: -500,
      reason: 'Abuse',
    });
    expect(await screen.findByText('Credits adjusted by -500; balance 700')).toBeTruthy();
  });

  it('zero is no adjustment', async () => {
    signIn();
    const fetch = server();
    renderApp(PATH);
    const user = setup();

    await user.click((await growthRow()).getByRole('button', { name: 'Adjust' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Amount'), '0');
    await user.type(dialog.getByLabelText('Reason'), 'Nothing');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    expect(await dialog.findByText('Enter an amount other than 0')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/usm/credits/team-1/adjust')).toHaveLength(0);
  });

  it('the ledger explains the balance: each entry with its sign and the balance after it', async () => {
    signIn();
    server({
      'GET /api/admin/usm/credits/team-1/ledger': {
        body: page([
          creditEntryFixture({
            id: 'e2',
            kind: 'usage',
            amount: -3900,
            balance_after: 1200,
            note: 'chat',
            reference_type: 'reservation',
            reference_id: 'r1',
          }),
          creditEntryFixture({ id: 'e1', kind: 'grant', amount: 5000, balance_after: 5100 }),
        ]),
      },
    });
    renderApp(PATH);
    const user = setup();

    await user.click((await growthRow()).getByRole('button', { name: 'Ledger' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('-3,900')).toBeTruthy();
    expect(drawer.getByText('+5,000')).toBeTruthy();
    expect(drawer.getByText('5,100')).toBeTruthy();
    expect(drawer.getByText('ORD-20260101-0001').closest('a')?.getAttribute('href')).toBe(
      '/admin/order/details?id=ord-1',
    );
  });
});
