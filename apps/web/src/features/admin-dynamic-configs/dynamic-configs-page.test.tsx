import type { DynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const setting = (overrides: Partial<DynamicConfig>): DynamicConfig => ({
  key: 'gads_enable',
  label: 'Google Ads connector',
  description: '',
  type: 'bool',
  value: false,
  default_value: false,
  updated_at: null,
  updated_by: null,
  ...overrides,
});

describe('/admin/sys-settings/dynamic-configs', () => {
  it('lists each setting with its value and default, and turns gads_enable on with one PUT', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-settings/dynamic-configs': {
        body: {
          items: [
            setting({}),
            setting({ key: 'google_ga_enable', value: true, default_value: true }),
            setting({
              key: 'google_gsc_enable',
              value: false,
              default_value: true,
              updated_at: 1_700_000_000,
              updated_by: 'Root',
            }),
          ],
        },
      },
      'PUT /api/admin/sys-settings/dynamic-configs/gads_enable': {
        body: setting({ value: true, updated_at: 1_700_000_100, updated_by: 'Root' }),
      },
    });
    renderApp('/admin/sys-settings/dynamic-configs');

    const ads = await screen.findByTestId('dynamic-config-gads_enable');
    expect(within(ads).getByText('Google Ads connector')).toBeTruthy();
    expect(within(ads).getByText('Default: Off')).toBeTruthy();
    const gsc = screen.getByTestId('dynamic-config-google_gsc_enable');
    expect(within(gsc).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(within(gsc).getByText(/Changed by Root/)).toBeTruthy();

    await userEvent.setup().click(within(ads).getByRole('switch', { name: 'Google Ads connector' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-settings/dynamic-configs/gads_enable')[0]?.json()).toEqual({
        value: true,
      }),
    );
    await waitFor(() => expect(within(ads).getByRole('switch').getAttribute('aria-checked')).toBe('true'));
  });
});
