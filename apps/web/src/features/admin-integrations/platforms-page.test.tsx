import type { AdminBinding, IntegPlatform } from '@app/contract/connectors/admin-platforms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { reloadPage } from '../../widgets/google-connector/reload-page';

vi.mock('../../widgets/google-connector/reload-page', () => ({ reloadPage: vi.fn() }));

const PATH = '/admin/integ-3rd-platform/platforms';
/** The first visit in a file waits for the page chunk (AG Grid included) to be transformed. */
const SLOW = { timeout: 30_000 };

function platform(overrides: Partial<IntegPlatform> = {}): IntegPlatform {
  return {
    platform: 'ga',
    provider: 'google',
    label: 'Google Analytics 4',
    configured: true,
    configuration: [
      { key: 'client_id', label: 'Client ID', present: true },
      { key: 'client_secret', label: 'Client secret', present: true },
    ],
    enabled: true,
    enabled_key: 'google_ga_enable',
    scopes: ['https://www.googleapis.com/auth/analytics.readonly'],
    teams_bound: 3,
    bindings: 4,
    needs_reconnect: 1,
    syncing: 2,
    last_errors: [
      { at: 1_700_000_000, team_id: 't-2', team_name: 'Acme', message: 'RESOURCE_EXHAUSTED: quota' },
    ],
    ...overrides,
  };
}

const ADS = platform({
  platform: 'gads',
  label: 'Google Ads',
  configured: false,
  configuration: [
    { key: 'client_id', label: 'Client ID', present: true },
    { key: 'client_secret', label: 'Client secret', present: true },
    { key: 'ads_developer_token', label: 'Google Ads developer token', present: false },
  ],
  enabled: false,
  enabled_key: 'gads_enable',
  scopes: ['https://www.googleapis.com/auth/adwords'],
  teams_bound: 0,
  bindings: 0,
  needs_reconnect: 0,
  syncing: 0,
  last_errors: [],
});

const BINDING: AdminBinding = {
  id: 'b-1',
  service: 'ga',
  team_id: 't-2',
  team_name: 'Acme',
  project_id: null,
  project_name: null,
  account_name: 'Bob',
  account_email: 'bob@acme.example',
  needs_reconnect: false,
  selected_name: 'Acme web',
  sync_status: 'succeeded',
  last_sync_at: 1_700_000_000,
  last_error: null,
  bound_at: 1_699_000_000,
  bound_by_email: 'bob@acme.example',
};

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(
      basicInfosFixture({ role_name: 'admin', team: { id: 'team-1', name: 'Ops', role: 'owner' } }),
    ),
    'GET /api/admin/integ-3rd-platform/platforms': { body: { items: [platform(), ADS] } },
    'GET /api/admin/integ-3rd-platform/bindings': {
      body: { items: [BINDING], total: 1, page: 1, page_size: 10 },
    },
    'GET /api/admin/account/bind/3rd-party-account/info': {
      body: {
        platforms: { google: { is_bound: false, services: [], payload: {} } },
        requestor_user_id: 'user-1',
        data_owner_user_id: 'user-1',
      },
    },
    ...extra,
  });
}

beforeEach(() => vi.mocked(reloadPage).mockClear());

/* AG Grid's styles make jsdom slow: role queries skip the visibility check, clicks the pointer check. */
describe(PATH, () => {
  it('shows each platform’s configuration state, switch, scopes, teams bound and last errors', async () => {
    signIn();
    server();
    renderApp(PATH);

    const ga = within(await screen.findByTestId('platform-ga', {}, SLOW));
    expect(ga.getByText('Configured')).toBeTruthy();
    expect(
      ga
        .getByRole('switch', { name: 'Offer Google Analytics 4 to teams', hidden: true })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(ga.getByText('https://www.googleapis.com/auth/analytics.readonly')).toBeTruthy();
    expect(ga.getByText('3 teams, 4 bindings')).toBeTruthy();
    expect(ga.getByText('RESOURCE_EXHAUSTED: quota')).toBeTruthy();
    expect(ga.getByText(/Acme/)).toBeTruthy();

    const ads = within(screen.getByTestId('platform-gads'));
    expect(ads.getByText('Not configured')).toBeTruthy();
    expect(within(ads.getByTestId('config-ads_developer_token')).getByLabelText('Missing')).toBeTruthy();
    expect(ads.getByText('gads_enable')).toBeTruthy();
    expect(
      ads
        .getByRole('link', { name: 'Enter the credentials in Foreign keys', hidden: true })
        .getAttribute('href'),
    ).toBe('/admin/sys-settings/foreign-keys');
    expect(ads.getByText('No errors')).toBeTruthy();
  });

  it('turning a platform off asks first, then saves the switch', async () => {
    signIn();
    let ga = platform();
    const fetch = server({
      'GET /api/admin/integ-3rd-platform/platforms': () => ({ body: { items: [ga, ADS] } }),
      'PUT /api/admin/integ-3rd-platform/platforms/ga/enabled': () => {
        ga = platform({ enabled: false });
        return { body: ga };
      },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const card = within(await screen.findByTestId('platform-ga', {}, SLOW));
    await user.click(card.getByRole('switch', { hidden: true }));
    expect((await screen.findAllByText('Stop offering Google Analytics 4?')).length).toBeGreaterThan(0);
    expect(fetch.callsTo('PUT /api/admin/integ-3rd-platform/platforms/ga/enabled')).toHaveLength(0);
    const confirm = within(screen.getAllByRole('dialog', { hidden: true }).at(-1) ?? document.body);
    await user.click(confirm.getByRole('button', { name: 'Stop offering', hidden: true }));

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/integ-3rd-platform/platforms/ga/enabled')).toHaveLength(1),
    );
    expect(fetch.callsTo('PUT /api/admin/integ-3rd-platform/platforms/ga/enabled')[0]?.json()).toEqual({
      enabled: false,
    });
    await waitFor(() =>
      expect(card.getByRole('switch', { hidden: true }).getAttribute('aria-checked')).toBe('false'),
    );
  });

  it('turning Ads on writes its switch at once', async () => {
    signIn();
    const fetch = server({
      'PUT /api/admin/integ-3rd-platform/platforms/gads/enabled': { body: { ...ADS, enabled: true } },
    });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(
      within(await screen.findByTestId('platform-gads', {}, SLOW)).getByRole('switch', { hidden: true }),
    );

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/integ-3rd-platform/platforms/gads/enabled')[0]?.json()).toEqual({
        enabled: true,
      }),
    );
  });

  it('lists every team’s bindings and revokes one through the admin variant, then reloads', async () => {
    signIn();
    const fetch = server({ 'POST /api/admin/google/oauth/revoke': { body: { revoked: ['ga'] } } });
    renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect(await screen.findByText('Bob <bob@acme.example>', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Acme web')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke', hidden: true }));
    const confirm = within((await screen.findAllByRole('dialog', { hidden: true })).at(-1) ?? document.body);
    await user.click(confirm.getByRole('button', { name: 'Disconnect', hidden: true }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(fetch.callsTo('POST /api/admin/google/oauth/revoke')[0]?.json()).toEqual({
      service_types: ['ga'],
      team_id: 't-2',
    });
  });

  it('binds the platform’s own account through the admin variant, in the admin’s team', async () => {
    signIn();
    const fetch = server();
    renderApp(PATH);

    expect(await screen.findByTestId('google-connector-ga', {}, SLOW)).toBeTruthy();
    // Ads is not offered while its switch is off.
    expect(screen.queryByTestId('google-connector-gads')).toBeNull();
    const asked = new URL(
      fetch.callsTo('GET /api/admin/account/bind/3rd-party-account/info')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('team_id')).toBe('team-1');
  });
});
