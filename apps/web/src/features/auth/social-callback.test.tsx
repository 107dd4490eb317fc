import type { SocialCallbackResult } from '@app/contract/social/social';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { stubFetch } from '../../app/testing/stub-fetch';
import { getToken } from '../../lib/cookies';
import { errorBody } from '../../lib/testing/mock-fetch';
import { leaveForProvider } from '../../widgets/social/browser';
import { GoogleCallbackPage } from './google-callback-page';
import { BASE_AUTH_TICK_MS, BASE_AUTH_WAIT_TICKS } from './provider-return';
import { WechatCallbackPage } from './wechat-callback-page';

vi.mock('../../widgets/social/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../widgets/social/browser')>()),
  isWechatBrowser: vi.fn(() => false),
  leaveForProvider: vi.fn(),
}));

const GOOGLE = 'POST /api/google/oauth/code/callback';
const WECHAT = 'POST /api/wechat/oauth/code/callback';

let states = 0;
/** Each test its own state: the page posts a state once per page load, across remounts. */
const freshState = () => `state-${++states}`;

function answer(overrides: Partial<SocialCallbackResult> = {}): SocialCallbackResult {
  return {
    purpose: 'sign_in',
    token: 'social-token',
    user: { id: 'u-1', email: 'ada@example.com', name: 'Ada' },
    two_factor_required: false,
    created: false,
    account: null,
    next: null,
    ...overrides,
  };
}

const landing = (text: string) => () => <p>{text}</p>;

const routes: RouteObject[] = [
  { path: '/google/oauth/code/callback', Component: GoogleCallbackPage },
  { path: '/wechat-bind-callback', Component: WechatCallbackPage },
  { path: '/chat', Component: landing('chat home') },
  { path: '/chat/:id', Component: landing('a chat') },
  { path: '/login', Component: landing('login page') },
  { path: '/account/security', Component: landing('security page') },
  { path: '/payment/order-details', Component: landing('order details') },
];

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('/google/oauth/code/callback', () => {
  it('posts the code and state, keeps the token like a password sign-in and goes to next', async () => {
    const state = freshState();
    const fetch = stubFetch({ [GOOGLE]: { body: answer({ token: 'fresh-token', next: '/chat/42' }) } });
    const view = renderApp(`/google/oauth/code/callback?code=c-1&state=${state}`, routes);

    expect(await screen.findByText('a chat')).toBeTruthy();
    expect(view.location()).toBe('/chat/42');
    expect(getToken()).toBe('fresh-token');
    expect(fetch.callsTo(GOOGLE)).toHaveLength(1);
    expect(fetch.callsTo(GOOGLE)[0]?.json()).toEqual({ code: 'c-1', state });
  });

  it('goes to /chat when next is missing or points off the site', async () => {
    stubFetch({ [GOOGLE]: { body: answer({ next: '//evil.example/steal' }) } });
    const view = renderApp(`/google/oauth/code/callback?code=c&state=${freshState()}`, routes);
    expect(await screen.findByText('chat home')).toBeTruthy();
    expect(view.location()).toBe('/chat');
  });

  it("shows the server's refusal with a way back to sign-in, and keeps no token", async () => {
    stubFetch({
      [GOOGLE]: {
        status: 401,
        body: errorBody('UNAUTHORIZED', 'This sign-in link was already used. Please start again.'),
      },
    });
    const view = renderApp(`/google/oauth/code/callback?code=c&state=${freshState()}`, routes);
    const user = userEvent.setup();

    expect(await screen.findByText('Google sign-in did not complete')).toBeTruthy();
    expect(screen.getByText('This sign-in link was already used. Please start again.')).toBeTruthy();
    expect(getToken()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(view.location()).toBe('/login');
  });

  it('a refusal at Google (access_denied) posts nothing and says nothing changed', async () => {
    const fetch = stubFetch();
    renderApp(`/google/oauth/code/callback?error=access_denied&state=${freshState()}`, routes);
    expect(await screen.findByText('You did not allow access at Google, so nothing changed.')).toBeTruthy();
    expect(fetch.callsTo(GOOGLE)).toHaveLength(0);
  });

  it('after linking: back to the security page with a success message', async () => {
    stubFetch({
      [GOOGLE]: {
        body: answer({
          purpose: 'bind',
          token: null,
          user: null,
          next: '/account/security',
          account: {
            id: 'sa-1',
            provider: 'google',
            display_name: 'Ada',
            email: 'ada@gmail.example',
            created_at: 1_700_000_000,
            last_used_at: null,
          },
        }),
      },
    });
    const view = renderApp(`/google/oauth/code/callback?code=c&state=${freshState()}`, routes);
    expect(await screen.findByText('security page')).toBeTruthy();
    expect(view.location()).toBe('/account/security');
    expect(await screen.findByText('Google account linked')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('an account with two-factor authentication continues with the code step, next kept', async () => {
    stubFetch({
      [GOOGLE]: {
        body: answer({
          token: null,
          user: null,
          next: '/chat/7',
          two_factor_required: true,
          two_factor_token: 'pending-2fa',
          two_factor_methods: ['totp', 'recovery_code'],
        }),
      },
    });
    const view = renderApp(`/google/oauth/code/callback?code=c&state=${freshState()}`, routes);
    expect(await screen.findByRole('heading', { name: /Two-step verification/ })).toBeTruthy();
    expect(view.location()).toBe(`/google/oauth/code/callback?next=${encodeURIComponent('/chat/7')}`);
    expect(getToken()).toBeNull();
  });
});

describe('/wechat-bind-callback', () => {
  it('signs in and returns to the callback route the official account carried', async () => {
    stubFetch({
      [WECHAT]: { body: answer({ token: 'wx-token', callback_route: '/payment/order-details?id=7' }) },
    });
    const view = renderApp(`/wechat-bind-callback?code=w&state=${freshState()}`, routes);
    expect(await screen.findByText('order details')).toBeTruthy();
    expect(view.location()).toBe('/payment/order-details?id=7');
    expect(getToken()).toBe('wx-token');
  });

  it('base-auth wait: looks for the code once a second, and posts once it shows up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const state = freshState();
    const fetch = stubFetch({ [WECHAT]: { body: answer({ token: 'late-token', next: '/chat/3' }) } });
    renderApp('/wechat-bind-callback', routes);

    expect(await screen.findByText('Waiting for WeChat…')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2 * BASE_AUTH_TICK_MS));
    expect(fetch.callsTo(WECHAT)).toHaveLength(0);

    // The WeChat browser finishes rewriting the address.
    window.history.replaceState(null, '', `/wechat-bind-callback?code=late&state=${state}`);
    await act(async () => vi.advanceTimersByTime(BASE_AUTH_TICK_MS));
    expect(await screen.findByText('a chat')).toBeTruthy();
    expect(fetch.callsTo(WECHAT)[0]?.json()).toEqual({ code: 'late', state });
  });

  it('base-auth wait: gives up after 5 ticks of 1 s without posting anything', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetch = stubFetch();
    renderApp('/wechat-bind-callback', routes);

    expect(await screen.findByText('Waiting for WeChat…')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime((BASE_AUTH_WAIT_TICKS - 1) * BASE_AUTH_TICK_MS));
    expect(screen.getByText('Waiting for WeChat…')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(BASE_AUTH_TICK_MS));
    expect(await screen.findByText('WeChat sign-in did not complete')).toBeTruthy();
    expect(
      screen.getByText('This page was opened without the answer from WeChat. Please start again.'),
    ).toBeTruthy();
    expect(fetch.callsTo(WECHAT)).toHaveLength(0);
  });

  it('the silent authorisation without a callback route shows the generic something-went-wrong dialog', async () => {
    stubFetch({ [WECHAT]: { body: answer({ purpose: 'base', token: null, user: null }) } });
    renderApp(`/wechat-bind-callback?code=w&state=${freshState()}`, routes);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getAllByText('Sorry! Something went wrong...').length).toBeGreaterThan(0);
    expect(dialog.getByText('WeChat did not say which page to return to.')).toBeTruthy();
  });

  it('a WeChat user the silent authorisation does not know is asked for consent, same callback route', async () => {
    const url = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx9#wechat_redirect';
    const fetch = stubFetch({
      [WECHAT]: { body: answer({ purpose: 'base', token: null, user: null, callback_route: '/chat/5' }) },
      'GET /api/wechat/offi/oauth/connect/create': { body: { msg_type: 'success', url } },
    });
    renderApp(`/wechat-bind-callback?code=w&state=${freshState()}`, routes);
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith(url));
    const asked = new URL(
      fetch.callsTo('GET /api/wechat/offi/oauth/connect/create')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('type')).toBe('login');
    expect(JSON.parse(asked.searchParams.get('meta') ?? '{}')).toEqual({ callback_route: '/chat/5' });
  });
});
