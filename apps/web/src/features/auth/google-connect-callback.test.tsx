import type { ConnectCallbackResult } from '@app/contract/connectors/google-oauth';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { GoogleCallbackPage } from './google-callback-page';

const CONNECT = 'POST /api/google/oauth/connect/callback';
const SIGN_IN = 'POST /api/google/oauth/code/callback';

let states = 0;
/** Each test its own state: the page posts a state once, across remounts. */
const connectState = () => `gc1.state-${++states}`;

function answer(overrides: Partial<ConnectCallbackResult> = {}): ConnectCallbackResult {
  return {
    purpose: 'connect',
    service: 'ga',
    type: 'bind',
    admin: false,
    account: { name: 'Ada Lovelace', email: 'ada@example.com' },
    team_id: 'team-1',
    project_id: 'p-1',
    callback_route: '/account/connectors?project_id=p-1',
    needs_selection: true,
    ...overrides,
  };
}

const landing = (text: string) => () => <p>{text}</p>;
const routes: RouteObject[] = [
  { path: '/google/oauth/code/callback', Component: GoogleCallbackPage },
  { path: '/account/connectors', Component: landing('connectors page') },
  { path: '/admin/integ-3rd-platform/platforms', Component: landing('platforms page') },
  { path: '/chat', Component: landing('chat home') },
];

describe('/google/oauth/code/callback finishing a connector binding', () => {
  it('posts the code and the connect state, then returns to the callback route it carried', async () => {
    signIn();
    const state = connectState();
    const fetch = stubFetch({ [CONNECT]: { body: answer() } });
    const app = renderApp(`/google/oauth/code/callback?code=c-1&state=${state}`, routes);

    expect(await screen.findByText('connectors page')).toBeTruthy();
    expect(app.location()).toBe('/account/connectors?project_id=p-1');
    expect(fetch.callsTo(CONNECT)[0]?.json()).toEqual({ code: 'c-1', state });
    expect(fetch.callsTo(SIGN_IN)).toHaveLength(0);
    expect(
      await screen.findByText('Google Analytics 4 connected as Ada Lovelace. Choose what to sync.'),
    ).toBeTruthy();
  });

  it('an admin binding returns to the admin page it started from', async () => {
    signIn();
    stubFetch({
      [CONNECT]: { body: answer({ admin: true, callback_route: '/admin/integ-3rd-platform/platforms' }) },
    });
    const app = renderApp(`/google/oauth/code/callback?code=c-2&state=${connectState()}`, routes);

    expect(await screen.findByText('platforms page')).toBeTruthy();
    expect(app.location()).toBe('/admin/integ-3rd-platform/platforms');
  });

  it('never follows a callback route that leaves the app', async () => {
    signIn();
    stubFetch({ [CONNECT]: { body: answer({ callback_route: '//evil.example/x' }) } });
    const app = renderApp(`/google/oauth/code/callback?code=c-3&state=${connectState()}`, routes);

    await waitFor(() => expect(app.location()).toBe('/account/connectors'));
  });

  it('shows the server’s refusal with its request id and a way back', async () => {
    signIn();
    stubFetch({
      [CONNECT]: {
        status: 409,
        body: { error_code: 'CONFLICT', msg: 'This link has expired. Start again.', req_id: 'r-5' },
      },
    });
    renderApp(`/google/oauth/code/callback?code=c-4&state=${connectState()}`, routes);

    expect(await screen.findByText('The Google connection did not complete')).toBeTruthy();
    expect(screen.getByText('This link has expired. Start again. (r-5)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to connectors', hidden: true })).toBeTruthy();
  });

  it('says nothing changed when access was refused at Google', async () => {
    signIn();
    const fetch = stubFetch({});
    renderApp(`/google/oauth/code/callback?error=access_denied&state=${connectState()}`, routes);

    expect(await screen.findByText('You did not allow access at Google, so nothing changed.')).toBeTruthy();
    expect(fetch.callsTo(CONNECT)).toHaveLength(0);
  });

  it('a sign-in state still goes to the sign-in callback', async () => {
    const fetch = stubFetch({
      [SIGN_IN]: {
        body: {
          purpose: 'sign_in',
          token: 't',
          user: { id: 'u', email: 'a@example.com', name: 'A' },
          two_factor_required: false,
          created: false,
          account: null,
          next: null,
        },
      },
    });
    renderApp(`/google/oauth/code/callback?code=c-5&state=${'a'.repeat(96)}`, routes);

    expect(await screen.findByText('chat home')).toBeTruthy();
    expect(fetch.callsTo(CONNECT)).toHaveLength(0);
  });
});
