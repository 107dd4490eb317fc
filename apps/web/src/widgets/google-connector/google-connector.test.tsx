import type { BoundAccountInfo } from '@app/contract/connectors/bound-account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { leaveForProvider } from '../social/browser';
import { listErrorText, rawReason } from './connector-errors';
import { GoogleConnector, type GoogleConnectorProps } from './google-connector';
import { GoogleSourcesButton, MAX_SOURCE_ICONS } from './google-sources-button';
import { reloadPage } from './reload-page';

vi.mock('../social/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../social/browser')>()),
  leaveForProvider: vi.fn(),
}));
vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

const USER_INFO = 'GET /api/account/bind/3rd-party-account/info';
const ADMIN_INFO = 'GET /api/admin/account/bind/3rd-party-account/info';

function info(overrides: Partial<BoundAccountInfo> = {}): BoundAccountInfo {
  return {
    platforms: {
      google: {
        is_bound: true,
        services: ['ga'],
        payload: {
          ga: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            needs_reconnect: false,
            bound_at: 1_700_000_000,
            bound_by_user_id: 'owner-1',
          },
        },
      },
    },
    requestor_user_id: 'user-1',
    data_owner_user_id: 'owner-1',
    ...overrides,
  };
}

function show(props: GoogleConnectorProps, routes: StubRoutes, path = '/somewhere?tab=2') {
  signIn();
  const fetch = stubFetch({ ...signedInRoutes(), ...routes });
  const tree: RouteObject[] = [{ path: '/somewhere', element: <GoogleConnector {...props} /> }];
  return { fetch, app: renderApp(path, tree) };
}

async function row(service: string) {
  return within(await screen.findByTestId(`google-connector-${service}`));
}

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
  vi.mocked(reloadPage).mockClear();
});

describe('GoogleConnector', () => {
  it('shows each service’s bound account, and no switch to someone who is not the data owner', async () => {
    show({ gadsEnable: false }, { [USER_INFO]: { body: info() } });

    const ga = await row('ga');
    expect(ga.getByText('Connected as Ada Lovelace <ada@example.com>')).toBeTruthy();
    expect((await row('gsc')).getByText('Not connected')).toBeTruthy();
    expect(screen.queryByRole('switch', { hidden: true })).toBeNull();
    expect(screen.getByText('Only the data owner connects and disconnects Google services.')).toBeTruthy();
  });

  it('offers Google Ads only when gads_enable is on', async () => {
    const owner = info({ requestor_user_id: 'owner-1' });
    const off = show({ gadsEnable: false }, { [USER_INFO]: { body: owner } });
    await row('ga');
    expect(screen.queryByTestId('google-connector-gads')).toBeNull();
    off.app.unmount();

    show({ gadsEnable: true }, { [USER_INFO]: { body: owner } });
    expect(
      (await row('gads')).getByRole('switch', { name: 'Google Ads connection', hidden: true }),
    ).toBeTruthy();
  });

  it('scopes its calls by project and team', async () => {
    const { fetch } = show(
      { gadsEnable: false, scope: { project_id: 'p-1', team_id: 't-1' } },
      { [USER_INFO]: { body: info() } },
    );
    await row('ga');
    const url = new URL(fetch.callsTo(USER_INFO)[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('project_id')).toBe('p-1');
    expect(url.searchParams.get('team_id')).toBe('t-1');
    expect(JSON.parse(url.searchParams.get('platforms') ?? '')).toEqual(['google']);
  });

  it('with the admin flag: the admin endpoints, the switch for any team, and the raw reason of a refusal', async () => {
    const { fetch } = show(
      { admin: true, gadsEnable: false, scope: { team_id: 't-7' } },
      {
        [ADMIN_INFO]: { body: info() },
        'POST /api/admin/google/oauth/connect/create': {
          status: 409,
          body: { error_code: 'CONFLICT', msg: 'The Google client is not configured', req_id: 'r-9' },
        },
      },
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await row('gsc')).getByRole('switch', { hidden: true }));

    expect(
      await screen.findByText('CONFLICT: The Google client is not configured (req_id r-9)'),
    ).toBeTruthy();
    expect(fetch.callsTo(USER_INFO)).toHaveLength(0);
    expect(fetch.callsTo('POST /api/admin/google/oauth/connect/create')[0]?.json()).toEqual({
      type: 'bind',
      service_type: 'gsc',
      callback_route: '/somewhere?tab=2',
      team_id: 't-7',
    });
    expect(leaveForProvider).not.toHaveBeenCalled();
  });

  it('with the admin flag, revoking goes through the admin endpoint and reloads the page', async () => {
    const { fetch } = show(
      { admin: true, gadsEnable: false, scope: { team_id: 't-7' } },
      {
        [ADMIN_INFO]: { body: info() },
        'POST /api/admin/google/oauth/revoke': { body: { revoked: ['ga'] } },
      },
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click((await row('ga')).getByRole('switch', { hidden: true }));
    const confirm = within((await screen.findAllByRole('dialog', { hidden: true })).at(-1) ?? document.body);
    await user.click(confirm.getByRole('button', { name: 'Disconnect', hidden: true }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(fetch.callsTo('POST /api/admin/google/oauth/revoke')[0]?.json()).toEqual({
      service_types: ['ga'],
      team_id: 't-7',
    });
  });

  it('the data owner sees why Google’s list could not be read, in plain words', async () => {
    show(
      { gadsEnable: false },
      {
        [USER_INFO]: { body: info({ requestor_user_id: 'owner-1' }) },
        'GET /api/integ-3rd-platform/metadata': {
          body: {
            ga: {
              values: { accountSummaries: [] },
              selected: null,
              error: 'PERMISSION_DENIED: user lacks access',
            },
            gsc: null,
            gads: null,
          },
        },
      },
    );

    const ga = await row('ga');
    expect(
      await ga.findByText(
        'Google’s list could not be read just now. Try again later, or reconnect the account.',
      ),
    ).toBeTruthy();
    expect(ga.queryByText(/PERMISSION_DENIED/)).toBeNull();
  });
});

describe('connector reasons', () => {
  const identity = (msgid: string) => msgid;
  it('an admin reads the raw reason, a user a plain sentence', () => {
    expect(listErrorText('PERMISSION_DENIED: user lacks access', true, identity)).toBe(
      'PERMISSION_DENIED: user lacks access',
    );
    expect(listErrorText('PERMISSION_DENIED: user lacks access', false, identity)).not.toContain(
      'PERMISSION',
    );
    expect(rawReason(new Error('boom'))).toBe('boom');
  });
});

describe('GoogleSourcesButton', () => {
  const allBound = info({
    requestor_user_id: 'owner-1',
    platforms: {
      google: {
        is_bound: true,
        services: ['ga', 'gsc', 'gads'],
        payload: {},
      },
    },
  });

  it('shows the icons of the bound services, at most three, and opens the connector', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), [USER_INFO]: { body: allBound } });
    renderApp('/somewhere', [{ path: '/somewhere', element: <GoogleSourcesButton gadsEnable /> }]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const button = await screen.findByTestId('google-sources-button');
    await waitFor(() => expect(button.querySelectorAll('svg[data-service]')).toHaveLength(MAX_SOURCE_ICONS));
    await user.click(button);
    expect(await screen.findByTestId('google-connector-gads')).toBeTruthy();
  });

  it('leaves Ads out while gads_enable is off, and says Connect Google while nothing is bound', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), [USER_INFO]: { body: allBound } });
    const first = renderApp('/somewhere', [
      { path: '/somewhere', element: <GoogleSourcesButton gadsEnable={false} /> },
    ]);
    const button = await screen.findByTestId('google-sources-button');
    await waitFor(() => expect(button.querySelectorAll('svg[data-service]')).toHaveLength(2));
    expect(button.querySelector('svg[data-service="gads"]')).toBeNull();
    first.unmount();

    signIn();
    stubFetch({
      ...signedInRoutes(),
      [USER_INFO]: { body: info({ platforms: { google: { is_bound: false, services: [], payload: {} } } }) },
    });
    renderApp('/somewhere', [{ path: '/somewhere', element: <GoogleSourcesButton gadsEnable /> }]);
    expect(await screen.findByRole('button', { name: 'Google sources', hidden: true })).toBeTruthy();
    expect(await screen.findByText('Connect Google')).toBeTruthy();
  });
});
