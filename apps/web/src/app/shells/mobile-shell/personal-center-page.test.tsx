import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/cookies';
import { basicInfosFixture } from '../../../lib/testing/basic-infos-fixture';
import { renderApp } from '../../testing/render-app';
import { signedInRoutes, signIn } from '../../testing/signed-in-stubs';
import { stubFetch } from '../../testing/stub-fetch';

function infos() {
  return basicInfosFixture({
    username: 'Ada',
    email: 'a***e@example.com',
    team: { id: 'team-2', name: 'Acme Marketing', role: 'member' },
    usm_quota: {
      plan_key: 'pro',
      plan_name: 'Pro',
      credits_balance: 1200,
      credits_granted: 5000,
      storage_used_bytes: 2048,
      storage_limit_bytes: 1024 ** 3,
      seats: 3,
      expire_time: null,
    },
  });
}

describe('/moblie/personal-center', () => {
  it('shows the user, their team and role, the plan and credits, and opens the account pages', async () => {
    signIn();
    stubFetch(signedInRoutes(infos()));
    renderApp('/moblie/personal-center');

    expect(await screen.findByText('a***e@example.com')).toBeTruthy();
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText('1.2K of 5K')).toBeTruthy();
    expect(screen.getByText('2.00 KB')).toBeTruthy();

    // Every account area of the personal menu, in its groups: none is a dead end on a phone.
    const hrefsOf = (name: string) =>
      within(screen.getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefsOf('Account')).toEqual([
      '/account/personal/profile',
      '/account/personalization',
      '/account/security',
      '/account/messages',
      '/account/sys-settings',
    ]);
    expect(hrefsOf('Team')).toEqual([
      '/account/team-manager',
      '/account/project',
      '/account/brand-center',
      '/account/connectors',
    ]);
    expect(hrefsOf('Billing')).toEqual([
      '/account/subscription',
      '/account/usage',
      '/account/orders',
      '/account/wallets/invoices',
      '/account/wallet/payment-method',
      '/account/user/storage',
    ]);
    // The summary opens what it summarises.
    expect(screen.getByRole('link', { name: /Plan\s*Pro/ }).getAttribute('href')).toBe(
      '/account/subscription',
    );
    expect(screen.getByRole('link', { name: /Credits\s*1\.2K of 5K/ }).getAttribute('href')).toBe(
      '/account/usage',
    );
    expect(screen.getByRole('link', { name: /Storage\s*2\.00 KB/ }).getAttribute('href')).toBe(
      '/account/user/storage',
    );
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/moblie/personal-settings',
    );
  });

  it('logs out: tells the server, drops the token and goes to /login', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(infos()),
      'POST /api/sign-out': { body: { signed_out: true } },
    });
    const app = renderApp('/moblie/personal-center');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(fetch.callsTo('POST /api/sign-out')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });
});
