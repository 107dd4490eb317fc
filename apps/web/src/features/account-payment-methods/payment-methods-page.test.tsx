import type { SavedPaymentMethod } from '@app/contract/billing/payment-methods';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import * as leave from '../../widgets/payment-dialog/leave-page';

const T0 = 1_790_000_000;

function card(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: 'pm_visa',
    method: 'stripe',
    brand: 'visa',
    last4: '4242',
    label: 'Visa •••• 4242',
    expire_month: '12/2029',
    expired: false,
    is_default: true,
    renewal_time: null,
    creation_time: T0,
    ...overrides,
  };
}

const master = card({
  id: 'pm_master',
  brand: 'mastercard',
  last4: '4444',
  label: 'Mastercard •••• 4444',
  is_default: false,
});

const listed = (items: SavedPaymentMethod[], extra: { can_add?: boolean; can_manage?: boolean } = {}) => ({
  body: { items, reason: null, can_add: true, can_manage: true, ...extra },
});

describe('/account/wallet/payment-method', () => {
  it('with no provider that keeps cards: no saved method, why, and no way to add one', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': {
        body: {
          items: [],
          reason: 'Saving a card is not available yet: you pay each order when you place it.',
          can_add: false,
          can_manage: true,
        },
      },
    });
    renderApp('/account/wallet/payment-method');
    expect(await screen.findByText('No saved payment methods yet')).toBeTruthy();
    expect(screen.getByText(/Saving a card is not available yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add a card/ })).toBeNull();
  });

  it('"Add a card" leaves for Stripe’s page that saves it', async () => {
    signIn();
    const away = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const { callsTo } = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': listed([]),
      'POST /api/account/wallet/payment-methods/setup': {
        body: { url: 'http://stripe.test/c/pay/cs_1', expire_time: T0 + 86_400 },
      },
    });
    renderApp('/account/wallet/payment-method');
    expect(await screen.findByText(/you are not charged when you add it/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Add a card/ }));
    await waitFor(() => expect(away).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_1'));
    expect(callsTo('POST /api/account/wallet/payment-methods/setup')).toHaveLength(1);
    away.mockRestore();
  });

  it('back from Stripe with saved_session: confirmed once, said, and the address cleaned', async () => {
    signIn();
    let items: SavedPaymentMethod[] = [];
    const { callsTo } = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': () => listed(items),
      'POST /api/account/wallet/payment-methods/setup/confirm': () => {
        items = [card()];
        return { body: { item: card() } };
      },
    });
    const { router } = renderApp('/account/wallet/payment-method?saved_session=cs_42');
    expect(await screen.findByText('Card saved: Visa •••• 4242')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getByText('Visa •••• 4242')).toBeTruthy();
    expect(within(list).getByText('Default')).toBeTruthy();
    expect(callsTo('POST /api/account/wallet/payment-methods/setup/confirm').map((r) => r.json())).toEqual([
      { session_id: 'cs_42' },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the default card is marked; another can be made the default; an expired one cannot', async () => {
    signIn();
    const expired = card({
      id: 'pm_old',
      label: 'Visa •••• 0341',
      last4: '0341',
      is_default: false,
      expired: true,
    });
    const { callsTo } = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': listed([master, card(), expired]),
      'PUT /api/account/wallet/payment-methods/pm_master/default': {
        body: { item: { ...master, is_default: true } },
      },
    });
    renderApp('/account/wallet/payment-method');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Mastercard •••• 4444'),
      expect.stringContaining('Default'),
      expect.stringContaining('Expired'),
    ]);
    // Only the card that can pay and is not the default offers "Make default".
    expect(within(list).getAllByRole('button', { name: 'Make default' })).toHaveLength(1);
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Mastercard •••• 4444 is now the default card')).toBeTruthy();
    expect(callsTo('PUT /api/account/wallet/payment-methods/pm_master/default')).toHaveLength(1);
  });

  it('removing the default card says which card takes its place, and asks first', async () => {
    signIn();
    const { callsTo } = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': listed([master, card()]),
      'DELETE /api/account/wallet/payment-methods/pm_visa': { body: { removed: true } },
    });
    renderApp('/account/wallet/payment-method');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const visaRow = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await userEvent.click(within(visaRow).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('It is the default card: Mastercard •••• 4444 will be the default instead.'),
    ).toBeTruthy();
    expect(callsTo('DELETE /api/account/wallet/payment-methods/pm_visa')).toHaveLength(0);
    const confirm = screen.getByText('Remove Visa •••• 4242?').closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The card was removed')).toBeTruthy();
    expect(callsTo('DELETE /api/account/wallet/payment-methods/pm_visa')).toHaveLength(1);
  });

  it('removing the card that pays the renewal warns of it first: another card pays it, or the renewal fails', async () => {
    signIn();
    const renewing = card({ renewal_time: T0 + 30 * 86_400 });
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': listed([renewing]),
    });
    renderApp('/account/wallet/payment-method');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        /^It pays the plan’s renewal on .+: with no card left, that renewal fails and the plan ends with its period\.$/,
      ),
    ).toBeTruthy();
  });

  it('a member sees the cards without the buttons, and is told who can change them', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/wallet/payment-methods': listed([card()], { can_add: false, can_manage: false }),
    });
    renderApp('/account/wallet/payment-method');
    expect(
      await screen.findByText("Only the team's owner or an admin can add, choose or remove cards."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add a card/ })).toBeNull();
  });
});
