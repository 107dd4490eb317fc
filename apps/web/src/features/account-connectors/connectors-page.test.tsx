import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { reloadPage } from '../../widgets/google-connector/reload-page';
import { leaveForProvider } from '../../widgets/social/browser';
import { pollInterval } from './connectors-api';
import { BOUND_GA, connectorsStatus, GA_METADATA, GADS_METADATA, serviceStatus } from './connectors-fixtures';

vi.mock('../../widgets/social/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../widgets/social/browser')>()),
  leaveForProvider: vi.fn(),
}));
vi.mock('../../widgets/google-connector/reload-page', () => ({ reloadPage: vi.fn() }));

const STATUS = 'GET /api/integ-3rd-platform/connectors';
const CREATE = 'POST /api/google/oauth/connect/create';
const REVOKE = 'POST /api/google/oauth/revoke';
const METADATA = 'GET /api/integ-3rd-platform/metadata';
const SELECTED = 'PUT /api/integ-3rd-platform/metadata/selected';

function server(routes: StubRoutes) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/account/projects': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    ...routes,
  });
}

async function card(service: string) {
  return within(await screen.findByTestId(`connector-${service}`));
}

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
  vi.mocked(reloadPage).mockClear();
});

/* Role queries skip the visibility check (`hidden: true`): antd's styles make it slow in jsdom. */
describe('/account/connectors', () => {
  it('shows per service the bound account, choice, data held, last sync, freshness, sync progress and last error', async () => {
    signIn();
    server({
      [STATUS]: {
        body: connectorsStatus({
          is_data_owner: false,
          data_owner_user_id: 'owner-9',
          services: [BOUND_GA, serviceStatus({ service: 'gsc', label: 'Google Search Console' })],
        }),
      },
    });
    renderApp('/account/connectors');

    const ga = await card('ga');
    expect(ga.getByText('Ada Lovelace <ada@example.com>')).toBeTruthy();
    expect(ga.getByText('Web shop')).toBeTruthy();
    expect(ga.getByText('2024-01-01 to 2025-12-30')).toBeTruthy();
    expect(ga.getByText('Fresh')).toBeTruthy();
    expect(ga.getByText('complete through 2025-12-30')).toBeTruthy();
    expect(ga.getByText('Syncing')).toBeTruthy();
    expect(ga.getByText('Daily update')).toBeTruthy();
    expect(ga.getByText('2025-12-28 to 2025-12-31, 120 rows')).toBeTruthy();
    expect(
      ga.getByRole('progressbar', { name: 'Sync progress', hidden: true }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(ga.getByTestId('connector-last-error')).getByText(/Google answered 503/)).toBeTruthy();
    expect((await card('gsc')).getByText('Not connected')).toBeTruthy();
  });

  it('shows the bind/revoke switch only to the data owner', async () => {
    signIn();
    server({
      [STATUS]: {
        body: connectorsStatus({ is_data_owner: false, data_owner_user_id: 'owner-9', services: [BOUND_GA] }),
      },
    });
    renderApp('/account/connectors');

    const ga = await card('ga');
    expect(ga.queryByRole('switch', { hidden: true })).toBeNull();
    expect(
      screen.getByText(
        'Only the data owner (the team’s owner) connects, disconnects and chooses what is synced. You can start a sync.',
      ),
    ).toBeTruthy();
    // The owner's choice is shown, not offered.
    expect(ga.queryByRole('combobox', { hidden: true })).toBeNull();
  });

  it('offers Google Ads only while gads_enable is on', async () => {
    signIn();
    server({ [STATUS]: { body: connectorsStatus({ gads_enable: false }) } });
    const off = renderApp('/account/connectors');
    await card('ga');
    expect(screen.queryByTestId('connector-gads')).toBeNull();
    // The intro promises only what is offered.
    expect(screen.queryByText(/Google Ads/)).toBeNull();
    off.unmount();

    signIn();
    server({ [STATUS]: { body: connectorsStatus({ gads_enable: true }) } });
    renderApp('/account/connectors');
    expect(await card('gads')).toBeTruthy();
  });

  it("a service the workspace does not offer is said in the customer's terms, with what they can do now; the operator reason only for admins", async () => {
    signIn();
    const reason = 'Google is not configured on this server: an admin adds the OAuth client in Foreign keys';
    server({
      [STATUS]: {
        body: connectorsStatus({
          services: [
            serviceStatus({
              service: 'ga',
              label: 'Google Analytics 4',
              available: false,
              unavailable_reason: reason,
            }),
          ],
        }),
      },
    });
    renderApp('/account/connectors');
    const ga = await card('ga');
    expect(ga.getByText('Not available yet')).toBeTruthy();
    expect(ga.getByText('This connection is not available in this workspace yet.')).toBeTruthy();
    expect(ga.getByRole('link', { name: 'Open the assistant', hidden: true }).getAttribute('href')).toBe(
      '/chat',
    );
    expect(ga.getByRole('link', { name: 'Storage', hidden: true }).getAttribute('href')).toBe(
      '/account/user/storage',
    );
    // An ordinary user is not told about OAuth clients and foreign keys.
    expect(ga.queryByText(/Foreign keys/)).toBeNull();
  });

  it('unbound -> bound: the switch asks for the consent URL with the full current route and goes there', async () => {
    signIn();
    const fetch = server({
      [STATUS]: { body: connectorsStatus({ project_id: 'p-1' }) },
      [CREATE]: { body: { url: 'https://accounts.example/consent?state=gc1.abc' } },
    });
    renderApp('/account/connectors?project_id=p-1');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(
      (await card('ga')).getByRole('switch', { name: 'Google Analytics 4 connection', hidden: true }),
    );

    await waitFor(() =>
      expect(leaveForProvider).toHaveBeenCalledWith('https://accounts.example/consent?state=gc1.abc'),
    );
    expect(fetch.callsTo(CREATE)[0]?.json()).toEqual({
      type: 'bind',
      service_type: 'ga',
      callback_route: '/account/connectors?project_id=p-1',
      project_id: 'p-1',
    });
    expect(fetch.callsTo(`GET /api/integ-3rd-platform/connectors`)[0]?.url).toContain('project_id=p-1');
  });

  it('bound -> unbound: confirm, then revoke, then reload the page', async () => {
    signIn();
    const fetch = server({
      [STATUS]: {
        body: connectorsStatus({
          services: [{ ...BOUND_GA, sync: { ...BOUND_GA.sync, status: 'succeeded' } }],
        }),
      },
      [METADATA]: { body: { ga: { ...GA_METADATA, selected: null }, gsc: null, gads: null } },
      [REVOKE]: { body: { revoked: ['ga'] } },
    });
    renderApp('/account/connectors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card('ga')).getByRole('switch', { hidden: true }));
    expect((await screen.findAllByText('Disconnect Google Analytics 4?')).length).toBeGreaterThan(0);
    expect(fetch.callsTo(REVOKE)).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
    const confirm = within(screen.getAllByRole('dialog', { hidden: true }).at(-1) ?? document.body);
    await user.click(confirm.getByRole('button', { name: 'Disconnect', hidden: true }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(fetch.callsTo(REVOKE)[0]?.json()).toEqual({ service_types: ['ga'] });
  });

  it('the data owner picks a GA4 property: account, then property, saved at once', async () => {
    signIn();
    const fetch = server({
      [STATUS]: {
        body: connectorsStatus({ services: [{ ...BOUND_GA, selected: null, sync: serviceStatus().sync }] }),
      },
      [METADATA]: { body: { ga: GA_METADATA, gsc: null, gads: null } },
      [SELECTED]: { body: { ...BOUND_GA, selected: { id: 'properties/1002', name: 'App' } } },
    });
    renderApp('/account/connectors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const ga = await card('ga');
    await user.click(await ga.findByRole('combobox', { name: 'Google Analytics property', hidden: true }));
    await user.click(await screen.findByText('Shop account'));
    await user.click(await screen.findByText('App (1002)'));

    await waitFor(() => expect(fetch.callsTo(SELECTED)).toHaveLength(1));
    expect(fetch.callsTo(SELECTED)[0]?.json()).toEqual({
      platform: 'ga',
      selected: {
        displayName: 'Shop account',
        propertyDisplayName: 'App',
        property: 'properties/1002',
        propertyType: 'PROPERTY_TYPE_ORDINARY',
        parent: 'accounts/11',
      },
    });
    expect(fetch.callsTo(METADATA)[0]?.url).toContain('platform=ga');
  });

  it('an Ads customer is chosen through its manager: customer_hierarchy is manager, then child', async () => {
    signIn();
    const ads = serviceStatus({
      service: 'gads',
      label: 'Google Ads',
      bound: true,
      account: { name: 'Ada', email: null },
    });
    const fetch = server({
      [STATUS]: { body: connectorsStatus({ gads_enable: true, services: [ads] }) },
      [METADATA]: { body: { ga: null, gsc: null, gads: GADS_METADATA } },
      [SELECTED]: { body: ads },
    });
    renderApp('/account/connectors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const card_ = await card('gads');
    await user.click(await card_.findByRole('combobox', { name: 'Google Ads customer', hidden: true }));
    await user.click(await screen.findByText('Agency MCC (111-222-3333)'));
    await user.click(await screen.findByText('Client shoes (444-555-6666)'));

    await waitFor(() => expect(fetch.callsTo(SELECTED)).toHaveLength(1));
    expect(fetch.callsTo(SELECTED)[0]?.json()).toEqual({
      platform: 'gads',
      selected: { customer_hierarchy: ['1112223333', '4445556666'] },
    });
  });

  it('needs reconnect: says so, and the owner reconnects the same binding', async () => {
    signIn();
    const fetch = server({
      [STATUS]: {
        body: connectorsStatus({
          services: [{ ...BOUND_GA, needs_reconnect: true, sync: { ...BOUND_GA.sync, status: 'failed' } }],
        }),
      },
      [CREATE]: { body: { url: 'https://accounts.example/consent?state=gc1.r' } },
    });
    renderApp('/account/connectors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const ga = await card('ga');
    expect(ga.getByText('Google no longer accepts this connection')).toBeTruthy();
    expect(ga.getByRole('button', { name: 'Sync now', hidden: true }).hasAttribute('disabled')).toBe(true);
    await user.click(ga.getByRole('button', { name: 'Reconnect', hidden: true }));

    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledTimes(1));
    expect(fetch.callsTo(CREATE)[0]?.json()).toMatchObject({ type: 'reconnect', service_type: 'ga' });
  });

  it('sync now asks the server to sync that service', async () => {
    signIn();
    const done = { ...BOUND_GA, sync: { ...BOUND_GA.sync, status: 'succeeded' as const } };
    const fetch = server({
      [STATUS]: {
        body: connectorsStatus({ is_data_owner: false, data_owner_user_id: 'owner-9', services: [done] }),
      },
      'POST /api/integ-3rd-platform/connectors/sync': {
        body: { ...done, sync: { ...done.sync, status: 'queued' } },
      },
    });
    renderApp('/account/connectors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await card('ga')).getByRole('button', { name: 'Sync now', hidden: true }));

    await waitFor(() =>
      expect(fetch.callsTo('POST /api/integ-3rd-platform/connectors/sync')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/integ-3rd-platform/connectors/sync')[0]?.json()).toEqual({
      service: 'ga',
    });
  });

  it('follows a moving sync closely, a paused one now and then, and stops when none moves', () => {
    const withSync = (status: 'running' | 'queued' | 'waiting' | 'succeeded') =>
      connectorsStatus({ services: [{ ...BOUND_GA, sync: { ...BOUND_GA.sync, status } }] });
    expect(pollInterval(withSync('running'))).toBe(2000);
    expect(pollInterval(withSync('queued'))).toBe(2000);
    expect(pollInterval(withSync('waiting'))).toBe(15_000);
    expect(pollInterval(withSync('succeeded'))).toBe(false);
  });
});
