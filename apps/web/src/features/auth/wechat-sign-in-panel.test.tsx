import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { isWechatBrowser, leaveForProvider } from '../../widgets/social/browser';
import { WechatSignInPanel } from './wechat-sign-in-panel';

vi.mock('../../widgets/social/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../widgets/social/browser')>()),
  isWechatBrowser: vi.fn(() => false),
  leaveForProvider: vi.fn(),
}));

function providers(open: boolean, offi: boolean): StubRoutes {
  return {
    'GET /api/social/providers': {
      body: {
        google: { configured: false },
        wechat_open: { configured: open },
        wechat_offi: { configured: offi },
      },
    },
  };
}

const QR = {
  'GET /api/wechat/open-web/oauth/connect/create': {
    body: {
      appid: 'wx1',
      redirect_uri: 'https://app.example/wechat-bind-callback',
      state: 'c'.repeat(96),
      qr_url: 'https://open.weixin.qq.com/connect/qrconnect',
    },
  },
};

let switchToEmail: () => void = () => {};

function PanelOnLogin() {
  return <WechatSignInPanel onUseEmail={() => switchToEmail()} />;
}

function renderPanel(onUseEmail: () => void = () => {}) {
  switchToEmail = onUseEmail;
  renderApp('/login?next=%2Fchat%2F2', [{ path: '/login', Component: PanelOnLogin }]);
  return userEvent.setup();
}

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
  vi.mocked(isWechatBrowser).mockReturnValue(false);
});

describe('the WeChat tab of the China-region login', () => {
  it('shows the QR code inline when the website app is configured', async () => {
    const fetch = stubFetch({ ...providers(true, false), ...QR });
    renderPanel();
    expect(await screen.findByTitle('WeChat QR code')).toBeTruthy();
    const asked = new URL(
      fetch.callsTo('GET /api/wechat/open-web/oauth/connect/create')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('next')).toBe('/chat/2');
  });

  it('says plainly that WeChat login is not configured, with a way to e-mail sign-in', async () => {
    stubFetch(providers(false, true));
    const onUseEmail = vi.fn();
    const user = renderPanel(onUseEmail);
    expect(await screen.findByText('WeChat login is not configured yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use e-mail instead' }));
    expect(onUseEmail).toHaveBeenCalled();
  });

  it('inside the WeChat browser offers the official-account sign-in instead of a QR code', async () => {
    vi.mocked(isWechatBrowser).mockReturnValue(true);
    const url = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx9#wechat_redirect';
    stubFetch({
      ...providers(true, true),
      'GET /api/wechat/offi/oauth/connect/create': { body: { msg_type: 'success', url } },
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: /Continue with WeChat/ }));
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith(url));
    expect(screen.queryByTitle('WeChat QR code')).toBeNull();
  });
});
