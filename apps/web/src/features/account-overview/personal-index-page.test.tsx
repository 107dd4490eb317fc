import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';

const GB = 1024 ** 3;

function infos() {
  return basicInfosFixture({
    username: 'Ada',
    email: 'a***e@example.com',
    team: { id: 'team-7', name: 'Acme Marketing', role: 'admin' },
    usm_quota: {
      plan_key: 'pro',
      plan_name: 'Pro',
      credits_balance: 1200,
      credits_granted: 5000,
      storage_used_bytes: 1536,
      storage_limit_bytes: 10 * GB,
      seats: 5,
      expire_time: null,
    },
  });
}

describe('/pc/personal-index', () => {
  it("shows the user, their team and role, and the plan's credits, storage and seats from basic infos", async () => {
    signIn();
    stubFetch(signedInRoutes(infos()));
    renderApp('/pc/personal-index');

    expect(await screen.findByRole('heading', { name: 'Overview', level: 3 })).toBeTruthy();
    expect(screen.getByText('a***e@example.com')).toBeTruthy();
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();

    expect(screen.getByText('Pro')).toBeTruthy();
    // Counts use the K/M format and sizes the binary units of spec section 9.
    expect(screen.getByText('1.2K')).toBeTruthy();
    expect(screen.getByText('of 5K')).toBeTruthy();
    expect(screen.getByText('1.50 KB')).toBeTruthy();
    expect(screen.getByText('of 10.00 GB')).toBeTruthy();
    expect(screen.getByText('5')).toBeTruthy();
  });

  it('links to every account and team page', async () => {
    signIn();
    stubFetch(signedInRoutes(infos()));
    renderApp('/pc/personal-index');

    const shortcuts = within(await screen.findByRole('navigation', { name: 'Shortcuts' }));
    const hrefs = shortcuts.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/account/personal/profile',
      '/account/personalization',
      '/account/security',
      '/account/team-manager',
      '/account/project',
      '/account/brand-center',
      '/account/sys-settings',
    ]);
  });
});
