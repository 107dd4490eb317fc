import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { errorBody } from '../../lib/testing/mock-fetch';
import { isWechatBrowser, leaveForProvider } from '../../widgets/social/browser';
import { SocialSignInButtons } from './social-sign-in-buttons';

vi.mock('../../widgets/social/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../widgets/social/browser')>()),
  isWechatBrowser: vi.fn(() => false),
  leaveForProvider: vi.fn(),
}));

function providers(google: boolean, wechatOpen: boolean, wechatOffi = wechatOpen): StubRoutes {
  return {
    'GET /api/social/providers': {
      body: {
        google: { configured: google },
        wechat_open: { configured: wechatOpen },
        wechat_offi: { configured: wechatOffi },
      },
    },
  };
}

function renderButtons(path = '/login?next=%2Fchat%2F9') {
  renderApp(path, [{ path: '/login', Component: SocialSignInButtons }]);
  return userEvent.setup();
}

const googleButton = () => screen.findByRole('button', { name: /Continue with Google/ });
const wechatButton = () => screen.findByRole('button', { name: /Continue with WeChat/ });

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
  vi.mocked(isWechatBrowser).mockReturnValue(false);
});

describe('social sign-in buttons', () => {
  it('an unconfigured provider is a disabled button whose tooltip says so, and clicking sends nothing', async () => {
    const fetch = stubFetch(providers(false, false));
    const user = renderButtons();

    // Loading first; once the server said, the buttons are disabled.
    await waitFor(async () => expect((await googleButton()).hasAttribute('disabled')).toBe(true));
    expect((await wechatButton()).hasAttribute('disabled')).toBe(true);
    const google = await googleButton();

    await user.hover(google.parentElement as HTMLElement);
    expect(
      within(await screen.findByRole('tooltip')).getByText('Google sign-in is not configured'),
    ).toBeTruthy();
    await user.hover((await wechatButton()).parentElement as HTMLElement);
    expect(await screen.findByText('WeChat sign-in is not configured')).toBeTruthy();

    await user.click(google);
    expect(fetch.callsTo('POST /api/google/oauth/sign-in/create')).toHaveLength(0);
    expect(leaveForProvider).not.toHaveBeenCalled();
  });

  it('Google: asks for the consent page with the next path, then leaves for it', async () => {
    const url = 'https://accounts.example/o/oauth2/v2/auth?state=abc';
    const fetch = stubFetch({
      ...providers(true, false),
      'POST /api/google/oauth/sign-in/create': { body: { url } },
    });
    const user = renderButtons();

    const google = await googleButton();
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    await user.click(google);
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith(url));
    expect(fetch.callsTo('POST /api/google/oauth/sign-in/create')[0]?.json()).toEqual({ next: '/chat/9' });
  });

  it('an unsafe next is not sent along', async () => {
    const fetch = stubFetch({
      ...providers(true, false),
      'POST /api/google/oauth/sign-in/create': { body: { url: 'https://accounts.example/auth' } },
    });
    const user = renderButtons('/login?next=%2F%2Fevil.example');
    const google = await googleButton();
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    await user.click(google);
    await waitFor(() => expect(fetch.callsTo('POST /api/google/oauth/sign-in/create')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/google/oauth/sign-in/create')[0]?.json()).toEqual({});
  });

  it("WeChat on a computer: a dialog frames WeChat's QR page built from the create answer", async () => {
    const fetch = stubFetch({
      ...providers(false, true),
      'GET /api/wechat/open-web/oauth/connect/create': {
        body: {
          appid: 'wx123',
          redirect_uri: 'https://app.example/wechat-bind-callback',
          state: 'f'.repeat(96),
          qr_url: 'https://open.weixin.qq.com/connect/qrconnect',
        },
      },
    });
    const user = renderButtons();

    const wechat = await wechatButton();
    await waitFor(() => expect(wechat.hasAttribute('disabled')).toBe(false));
    await user.click(wechat);
    const dialog = within(await screen.findByRole('dialog'));
    const frame = (await dialog.findByTitle('WeChat QR code')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=wx123' +
        `&redirect_uri=${encodeURIComponent('https://app.example/wechat-bind-callback')}` +
        `&response_type=code&scope=snsapi_login&state=${'f'.repeat(96)}` +
        '&login_type=jssdk&self_redirect=false#wechat_redirect',
    );
    const asked = new URL(
      fetch.callsTo('GET /api/wechat/open-web/oauth/connect/create')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('type')).toBe('login');
    expect(asked.searchParams.get('next')).toBe('/chat/9');
  });

  it('inside the WeChat browser: the official-account flow, returning to the next path', async () => {
    vi.mocked(isWechatBrowser).mockReturnValue(true);
    const url = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx9#wechat_redirect';
    const fetch = stubFetch({
      ...providers(false, false, true),
      'GET /api/wechat/offi/oauth/connect/create': { body: { msg_type: 'success', url } },
    });
    const user = renderButtons();

    const wechat = await wechatButton();
    await waitFor(() => expect(wechat.hasAttribute('disabled')).toBe(false));
    await user.click(wechat);
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith(url));
    const asked = new URL(
      fetch.callsTo('GET /api/wechat/offi/oauth/connect/create')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('type')).toBe('login');
    expect(JSON.parse(asked.searchParams.get('meta') ?? '{}')).toEqual({ callback_route: '/chat/9' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inside WeChat, a refused callback route shows the generic something-went-wrong dialog', async () => {
    vi.mocked(isWechatBrowser).mockReturnValue(true);
    stubFetch({
      ...providers(false, false, true),
      'GET /api/wechat/offi/oauth/connect/create': {
        status: 400,
        body: errorBody('VALIDATION_ERROR', 'Some fields are not valid', {
          fields: { 'meta.callback_route': 'The route to come back to is missing' },
        }),
      },
    });
    const user = renderButtons();

    const wechat = await wechatButton();
    await waitFor(() => expect(wechat.hasAttribute('disabled')).toBe(false));
    await user.click(wechat);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getAllByText('Sorry! Something went wrong...').length).toBeGreaterThan(0);
    expect(dialog.getByText('The route to come back to is missing')).toBeTruthy();
    expect(leaveForProvider).not.toHaveBeenCalled();
  });
});
