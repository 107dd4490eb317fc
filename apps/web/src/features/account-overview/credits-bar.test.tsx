import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { creditsLevel, LOW_CREDITS_FLOOR, LOW_CREDITS_SHARE } from './credits-warning';

type Quota = BasicInfos['usm_quota'];

function quota(overrides: Partial<Quota>): Quota {
  return {
    plan_key: 'pro_monthly',
    plan_name: 'Pro',
    credits_balance: 5000,
    credits_granted: 5000,
    credits_held: 0,
    credits_available: 5000,
    period_start: 1_767_225_600,
    period_end: 1_769_904_000,
    storage_used_bytes: 0,
    storage_limit_bytes: 1024 ** 3,
    seats: 5,
    expire_time: 1_769_904_000,
    ...overrides,
  };
}

describe('credits warning thresholds', () => {
  it('warns at or below 10% of the period’s grant left free, and not above', () => {
    expect(LOW_CREDITS_SHARE).toBe(0.1);
    expect(creditsLevel(quota({ credits_available: 5000 }))).toBe('ok');
    expect(creditsLevel(quota({ credits_available: 501 }))).toBe('ok');
    expect(creditsLevel(quota({ credits_available: 500 }))).toBe('low');
    expect(creditsLevel(quota({ credits_available: 1 }))).toBe('low');
    expect(creditsLevel(quota({ credits_available: 0 }))).toBe('empty');
  });

  it('counts credits held by work in flight as gone: a full balance all held is empty', () => {
    expect(creditsLevel(quota({ credits_balance: 5000, credits_held: 5000, credits_available: 0 }))).toBe(
      'empty',
    );
    // An answer from before `credits_available` existed: balance less held.
    expect(
      creditsLevel(quota({ credits_balance: 800, credits_held: 400, credits_available: undefined })),
    ).toBe('low');
  });

  it('without a grant (purchased credits only) warns under 50', () => {
    expect(LOW_CREDITS_FLOOR).toBe(50);
    expect(creditsLevel(quota({ credits_granted: 0, credits_available: 51 }))).toBe('ok');
    expect(creditsLevel(quota({ credits_granted: 0, credits_available: 50 }))).toBe('low');
  });
});

describe('overview credits bar', () => {
  function show(usm_quota: Quota) {
    signIn();
    stubFetch(signedInRoutes(basicInfosFixture({ usm_quota })));
    renderApp('/pc/personal-index');
  }

  it('shows the real figures: free to use of the grant, balance, held and the period; no warning when plenty remains', async () => {
    show(quota({ credits_balance: 4200, credits_held: 150, credits_available: 4050 }));
    expect(await screen.findByText('4.05K')).toBeTruthy();
    expect(screen.getByText('of 5K')).toBeTruthy();
    expect(screen.getByText('Balance 4.2K · held 150')).toBeTruthy();
    // The period breaks between its dates only: each date is a run of its own.
    expect(screen.getByText('2026-01-01 –').parentElement?.textContent).toBe('2026-01-01 – 2026-02-01');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.ant-progress-status-exception')).toBeNull();
  });

  it('little left: says credits run low, with a link to top up', async () => {
    show(quota({ credits_balance: 300, credits_available: 300 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Credits are running low.');
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/usm/plan');
  });

  it('nothing left: says so, and the bar is red', async () => {
    show(quota({ credits_balance: 0, credits_available: 0 }));
    expect((await screen.findByRole('alert')).textContent).toContain('No credits left.');
    expect(document.querySelector('.ant-progress-status-exception')).not.toBeNull();
  });
});
