import type { ForeignKeyView } from '@app/contract/admin/foreign-keys/foreign-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';

const PATH = '/admin/sys-settings/foreign-keys';

function googleKey(overrides: Partial<ForeignKeyView> = {}): ForeignKeyView {
  return {
    kind: 'google_oauth',
    label: 'Google OAuth client',
    source: 'saved',
    fields: [
      {
        key: 'client_id',
        label: 'Client ID',
        secret: false,
        required: true,
        shown: 'app.apps.googleusercontent.com',
      },
      { key: 'client_secret', label: 'Client secret', secret: true, required: true, shown: '••••••••x9Qz' },
      {
        key: 'ads_developer_token',
        label: 'Google Ads developer token',
        secret: true,
        required: false,
        shown: null,
      },
    ],
    certificates: [],
    updated_at: 1_700_000_000,
    updated_by: 'ops@example.com',
    last_test: { ok: true, message: 'Google recognises this client', tested_at: 1_700_000_100 },
    ...overrides,
  };
}

const DAY = 24 * 3600;
const NOW = Math.floor(Date.now() / 1000);

/** Alipay in certificate mode, its certificates expiring as the test wants. */
function alipayKey(certificates: ForeignKeyView['certificates']): ForeignKeyView {
  return {
    kind: 'alipay',
    label: 'Alipay',
    source: 'saved',
    fields: [
      { key: 'app_id', label: 'App ID', secret: false, required: true, shown: '2021000000000001' },
      {
        key: 'app_cert',
        label: 'App public-key certificate (certificate mode)',
        secret: false,
        required: false,
        multiline: true,
        shown: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      },
    ],
    certificates,
    updated_at: 1_700_000_000,
    updated_by: 'ops@example.com',
    last_test: null,
  };
}

const cert = (
  field: string,
  label: string,
  days: number,
  status: 'valid' | 'expiring' | 'expired',
): ForeignKeyView['certificates'][number] => ({
  field,
  label,
  serial: `${field.toUpperCase()}01`,
  expires_at: NOW + days * DAY,
  status,
});

const UNSET = googleKey({
  source: 'none',
  fields: googleKey().fields.map((field) => ({ ...field, shown: null })),
  updated_at: null,
  updated_by: null,
  last_test: null,
});

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/sys-settings/foreign-keys': { body: { items: [googleKey()] } },
    ...extra,
  });
}

async function card() {
  return within(await screen.findByTestId('foreign-key-google_oauth'));
}

/* Role queries skip the visibility check (`hidden: true`): antd's styles make it slow in jsdom. */
describe(PATH, () => {
  it('lists each kind with its fields, secrets masked, where the values come from and the last test', async () => {
    signIn();
    server();
    renderApp(PATH);

    const google = await card();
    expect(google.getByText('Google OAuth client')).toBeTruthy();
    expect(google.getByText('Saved')).toBeTruthy();
    expect(google.getByText('app.apps.googleusercontent.com')).toBeTruthy();
    expect(google.getByText('••••••••x9Qz')).toBeTruthy();
    expect(google.getByText('Not set')).toBeTruthy();
    expect(google.getByText('Connection works')).toBeTruthy();
    expect(google.getByText(/Google recognises this client/)).toBeTruthy();
    expect(google.getByText(/by ops@example\.com/)).toBeTruthy();
  });

  it('saving with the secret left empty sends it empty, so the saved secret is kept', async () => {
    signIn();
    const fetch = server({
      'PUT /api/admin/sys-settings/foreign-keys/google_oauth': {
        body: googleKey({
          fields: googleKey().fields.map((f) => (f.key === 'client_id' ? { ...f, shown: 'new.apps' } : f)),
        }),
      },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card()).getByRole('button', { name: 'Edit', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText('Leave empty to keep the saved secret (••••••••x9Qz).')).toBeTruthy();
    const clientId = dialog.getByLabelText('Client ID');
    await user.clear(clientId);
    await user.type(clientId, 'new.apps');
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-settings/foreign-keys/google_oauth')).toHaveLength(1),
    );
    expect(fetch.callsTo('PUT /api/admin/sys-settings/foreign-keys/google_oauth')[0]?.json()).toEqual({
      values: { client_id: 'new.apps', client_secret: '', ads_developer_token: '' },
    });
    expect(await (await card()).findByText('new.apps')).toBeTruthy();
  });

  it('a kind seeded only from the environment needs its secret typed to be saved here', async () => {
    signIn();
    const fetch = server({
      'GET /api/admin/sys-settings/foreign-keys': {
        body: {
          items: [googleKey({ source: 'env', updated_at: null, updated_by: null, last_test: null })],
        },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect((await card()).getByText('From the environment')).toBeTruthy();
    await user.click((await card()).getByRole('button', { name: 'Edit', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));

    expect(await dialog.findByText('Client secret is required')).toBeTruthy();
    expect(fetch.callsTo('PUT /api/admin/sys-settings/foreign-keys/google_oauth')).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names', async () => {
    signIn();
    server({
      'PUT /api/admin/sys-settings/foreign-keys/google_oauth': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Invalid input',
          req_id: 'r-1',
          fields: { 'values.client_id': 'Input exceeds maximum length' },
        },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card()).getByRole('button', { name: 'Edit', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));

    expect(await dialog.findByText('Input exceeds maximum length')).toBeTruthy();
    // The dialog stays open with what was typed.
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
  });

  it('test connection shows its outcome on the kind', async () => {
    signIn();
    const failed = { ok: false, message: 'Google does not recognise this client ID and secret' };
    const fetch = server({
      'POST /api/admin/sys-settings/foreign-keys/google_oauth/test': {
        body: { ...failed, key: googleKey({ last_test: { ...failed, tested_at: 1_800_000_000 } }) },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card()).getByRole('button', { name: 'Test connection', hidden: true }));

    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/sys-settings/foreign-keys/google_oauth/test')).toHaveLength(1),
    );
    const google = await card();
    expect(await google.findByText('Connection failed')).toBeTruthy();
    expect(
      within(google.getByTestId('foreign-key-test')).getByText(/does not recognise this client/),
    ).toBeTruthy();
  });

  it('clear asks first, then forgets the saved values', async () => {
    signIn();
    const fetch = server({ 'DELETE /api/admin/sys-settings/foreign-keys/google_oauth': { body: UNSET } });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card()).getByRole('button', { name: 'Clear', hidden: true }));
    expect((await screen.findAllByText('Clear the saved Google OAuth client?')).length).toBeGreaterThan(0);
    expect(fetch.callsTo('DELETE /api/admin/sys-settings/foreign-keys/google_oauth')).toHaveLength(0);
    const confirm = within(screen.getAllByRole('dialog', { hidden: true }).at(-1) ?? document.body);
    await user.click(confirm.getByRole('button', { name: 'Clear', hidden: true }));

    await waitFor(() =>
      expect(fetch.callsTo('DELETE /api/admin/sys-settings/foreign-keys/google_oauth')).toHaveLength(1),
    );
    const google = await card();
    expect(await google.findByText('Not configured')).toBeTruthy();
    expect(google.getAllByText('Not set')).toHaveLength(3);
    expect(
      google.getByRole('button', { name: 'Test connection', hidden: true }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('shows when each certificate expires; one within 30 days is flagged and warned of, none otherwise', async () => {
    signIn();
    server({
      'GET /api/admin/sys-settings/foreign-keys': {
        body: {
          items: [
            googleKey(),
            alipayKey([
              cert('app_cert', 'App public-key certificate (certificate mode)', 10, 'expiring'),
              cert('alipay_cert', 'Alipay public-key certificate (certificate mode)', 60, 'valid'),
            ]),
          ],
        },
      },
    });
    renderApp(PATH);

    const alipay = within(await screen.findByTestId('foreign-key-alipay'));
    const list = within(alipay.getByTestId('foreign-key-certificates'));
    expect(list.getByText('Alipay public-key certificate (certificate mode)')).toBeTruthy();
    expect(list.getAllByText(/^Expires (?!within)/)).toHaveLength(2);
    expect(list.getByText('Serial APP_CERT01')).toBeTruthy();
    // One tag: the certificate due in 10 days; the one due in 60 is not flagged.
    expect(list.getAllByText('Expires within 30 days')).toHaveLength(1);
    expect(list.getByText('A certificate expires within 30 days: replace it before it does.')).toBeTruthy();
    expect(list.queryByText('Expired')).toBeNull();
    // Google holds no certificate.
    expect((await card()).queryByTestId('foreign-key-certificates')).toBeNull();
  });

  it('an expired certificate says expired, in red, above the others', async () => {
    signIn();
    server({
      'GET /api/admin/sys-settings/foreign-keys': {
        body: {
          items: [
            alipayKey([
              cert('app_cert', 'App public-key certificate (certificate mode)', -2, 'expired'),
              cert('alipay_root_cert', 'Alipay root certificate (certificate mode)', 3000, 'valid'),
            ]),
          ],
        },
      },
    });
    renderApp(PATH);

    const list = within(await screen.findByTestId('foreign-key-certificates'));
    expect(list.getByText('Expired')).toBeTruthy();
    expect(
      list.getByText('A certificate has expired: what relies on it fails until it is replaced.'),
    ).toBeTruthy();
    expect(list.queryByText('Expires within 30 days')).toBeNull();
  });

  it('a certificate field is edited in a text area, keeping its line breaks', async () => {
    signIn();
    server({
      'GET /api/admin/sys-settings/foreign-keys': { body: { items: [alipayKey([])] } },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const alipay = within(await screen.findByTestId('foreign-key-alipay'));
    await user.click(alipay.getByRole('button', { name: 'Edit', hidden: true }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    const box = dialog.getByLabelText('App public-key certificate (certificate mode)');
    expect(box.tagName).toBe('TEXTAREA');
    expect((box as HTMLTextAreaElement).value).toContain('\nMIIB\n');
  });

  it('is left out of the admin menu for an admin not granted the page', async () => {
    signIn();
    stubFetch(grant(['/admin']));
    renderApp('/admin');

    const menu = within(await screen.findByRole('navigation', { name: 'Admin menu' }));
    await menu.findByRole('link', { name: 'Dashboard' });
    expect(menu.queryByText('System')).toBeNull();
    expect(menu.queryByText('Foreign keys')).toBeNull();
  });

  it('appears in the admin menu under System, Settings for an admin granted the page', async () => {
    signIn();
    stubFetch({
      ...grant(['/admin', PATH]),
      'GET /api/admin/sys-settings/foreign-keys': { body: { items: [googleKey()] } },
    });
    renderApp('/admin');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const menu = within(await screen.findByRole('navigation', { name: 'Admin menu' }));
    await user.click(await menu.findByText('System'));
    await user.click(await menu.findByText('Settings'));
    expect(await menu.findByRole('link', { name: 'Foreign keys' })).toBeTruthy();
  });
});

/** A server granting exactly `granted` of the pages it is asked about. */
function grant(granted: string[]): StubRoutes {
  const infos = basicInfosFixture({ role_name: 'operator' });
  return {
    ...signedInRoutes(infos),
    'GET /api/admin/dashboard': {
      body: {
        users_total: 0,
        users_banned: 0,
        active_sessions: 0,
        signups_per_day: [],
        recent_server_errors: [],
      },
    },
    'POST /api/routes/permission/list': (request) => {
      const asked = (request.json() as { page_routes: string[] }).page_routes;
      return {
        body: {
          page_routes: asked.map((route) => ({
            route,
            access: granted.includes(route),
            code: granted.includes(route) ? 'OK' : 'FORBIDDEN',
          })),
          apis: [],
          version: infos.latest_permission_version,
        },
      };
    },
  };
}
