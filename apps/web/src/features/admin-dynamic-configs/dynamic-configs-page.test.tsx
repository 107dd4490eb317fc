import type { DynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const setting = (overrides: Partial<DynamicConfig>): DynamicConfig => ({
  key: 'gads_enable',
  label: 'Google Ads connector',
  description: '',
  group: 'global',
  type: 'bool',
  value: false,
  default_value: false,
  default_source: 'definition',
  updated_at: null,
  updated_by: null,
  ...overrides,
});

const items = [
  setting({}),
  setting({
    key: 'currency',
    type: 'enum',
    value: 'USD',
    default_value: 'USD',
    options: ['USD', 'CNY', 'EUR'],
  }),
  setting({
    key: 'chat_rate_limit',
    group: 'runtime',
    type: 'int',
    value: 60,
    default_value: 60,
    min: 1,
    max: 10_000,
  }),
  setting({
    key: 'upload_limits',
    group: 'runtime',
    type: 'json',
    value: { max_files: 10, max_bytes: 1024 },
    default_value: { max_files: 10, max_bytes: 1024 },
  }),
  setting({
    key: 'google_gsc_enable',
    group: 'connectors',
    value: false,
    default_value: true,
    updated_at: 1_700_000_000,
    updated_by: 'Root',
  }),
];

describe('/admin/sys-settings/dynamic-configs', () => {
  it('edits each type with its control: switch, select, bounded number (server refusal shown), JSON checked before sending', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-settings/dynamic-configs': { body: { items } },
      'PUT /api/admin/sys-settings/dynamic-configs/gads_enable': {
        body: setting({ value: true, updated_at: 1_700_000_100, updated_by: 'Root' }),
      },
      'PUT /api/admin/sys-settings/dynamic-configs/chat_rate_limit': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r',
          fields: { value: 'Enter a whole number within the bounds shown' },
        },
      },
    });
    renderApp('/admin/sys-settings/dynamic-configs');
    const user = userEvent.setup();

    const ads = await screen.findByTestId('dynamic-config-gads_enable');
    expect(within(ads).getByText('Google Ads connector')).toBeTruthy();
    expect(within(ads).getByText('Default: Off')).toBeTruthy();
    const gsc = screen.getByTestId('dynamic-config-google_gsc_enable');
    expect(within(gsc).getByText(/Changed by Root/)).toBeTruthy();
    await user.click(within(ads).getByRole('switch', { name: 'Google Ads connector' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-settings/dynamic-configs/gads_enable')[0]?.json()).toEqual({
        value: true,
      }),
    );
    await waitFor(() => expect(within(ads).getByRole('switch').getAttribute('aria-checked')).toBe('true'));

    expect(within(screen.getByTestId('dynamic-config-currency')).getByRole('combobox')).toBeTruthy();

    const chat = screen.getByTestId('dynamic-config-chat_rate_limit');
    expect(within(chat).getByText('From 1 to 10000')).toBeTruthy();
    const number = within(chat).getByRole('spinbutton', { name: 'Chat messages per minute' });
    await user.clear(number);
    await user.type(number, '30');
    await user.click(within(chat).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-settings/dynamic-configs/chat_rate_limit')[0]?.json()).toEqual(
        {
          value: 30,
        },
      ),
    );
    expect((await within(chat).findByRole('alert')).textContent).toBe(
      'Enter a whole number within the bounds shown',
    );

    const uploads = screen.getByTestId('dynamic-config-upload_limits');
    const json = within(uploads).getByRole('textbox', { name: 'Upload limits' });
    fireEvent.change(json, { target: { value: '{"max_files": 0' } });
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    expect((await within(uploads).findByRole('alert')).textContent).toBe('This is not valid JSON');
    fireEvent.change(json, { target: { value: '{"max_files": 0, "max_bytes": 1024}' } });
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(uploads).getByRole('alert').textContent).toBe(
        'This JSON does not have the expected shape',
      ),
    );
    expect(fetch.callsTo('PUT /api/admin/sys-settings/dynamic-configs/upload_limits')).toHaveLength(0);
  });

  it('shows a setting history in a drawer and rolls one change back', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-settings/dynamic-configs': { body: { items } },
      'GET /api/admin/sys-settings/dynamic-configs/history': {
        body: {
          items: [
            {
              id: 'c2',
              key: 'google_gsc_enable',
              old_value: true,
              new_value: false,
              changed_by: 'Root',
              changed_at: 1_700_000_000,
              rollback_of: null,
            },
          ],
          total: 1,
          page: 1,
          page_size: 10,
        },
      },
      'POST /api/admin/sys-settings/dynamic-configs/history/c2/rollback': {
        body: setting({ key: 'google_gsc_enable', group: 'connectors', value: true, default_value: true }),
      },
    });
    renderApp('/admin/sys-settings/dynamic-configs');
    const user = userEvent.setup();
    const gsc = await screen.findByTestId('dynamic-config-google_gsc_enable');
    await user.click(within(gsc).getByRole('button', { name: 'History' }));
    const drawer = await screen.findByTestId('dynamic-config-history');
    expect(await within(drawer).findByText('On')).toBeTruthy();
    expect(within(drawer).getByText('Off')).toBeTruthy();
    expect(fetch.callsTo('GET /api/admin/sys-settings/dynamic-configs/history')[0]?.url).toContain(
      'key=google_gsc_enable',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Roll back' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/sys-settings/dynamic-configs/history/c2/rollback')).toHaveLength(
        1,
      ),
    );
    await waitFor(() => expect(within(gsc).getByRole('switch').getAttribute('aria-checked')).toBe('true'));
  });
});
