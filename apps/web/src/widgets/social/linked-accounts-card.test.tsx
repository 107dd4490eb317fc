import type { SocialAccount } from '@app/contract/social/social';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { errorBody } from '../../lib/testing/mock-fetch';
import { leaveForProvider } from './browser';
import { LinkedAccountsCard } from './linked-accounts-card';

vi.mock('./browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./browser')>()),
  isWechatBrowser: vi.fn(() => false),
  leaveForProvider: vi.fn(),
}));

const GOOGLE_LINK: SocialAccount = {
  id: 'sa-g',
  provider: 'google',
  display_name: 'Ada Lovelace',
  email: 'ada@gmail.example',
  created_at: 1_700_000_000,
  last_used_at: 1_700_100_000,
};

function server(
  accounts: { items: SocialAccount[]; has_password: boolean },
  configured = { google: true, wechat: true },
  extra: StubRoutes = {},
): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/social/providers': {
      body: {
        google: { configured: configured.google },
        wechat_open: { configured: configured.wechat },
        wechat_offi: { configured: configured.wechat },
      },
    },
    'GET /api/account/social-accounts': { body: accounts },
    ...extra,
  };
}

function renderCard() {
  signIn();
  renderApp('/account/security', [{ path: '/account/security', Component: LinkedAccountsCard }]);
  return userEvent.setup();
}

beforeEach(() => {
  vi.mocked(leaveForProvider).mockClear();
});

describe('linked accounts card', () => {
  it('lists Google as linked and WeChat as not linked', async () => {
    stubFetch(server({ items: [GOOGLE_LINK], has_password: true }));
    renderCard();
    expect(await screen.findByText(/Ada Lovelace/)).toBeTruthy();
    expect(screen.getByText('Linked')).toBeTruthy();
    expect(screen.getByText('Not linked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link' })).toBeTruthy();
  });

  it('unlinks only after confirming, then reloads the list', async () => {
    let items = [GOOGLE_LINK];
    const fetch = stubFetch(
      server({ items, has_password: true }, undefined, {
        'GET /api/account/social-accounts': () => ({ body: { items, has_password: true } }),
        'DELETE /api/account/social-accounts/sa-g': () => {
          items = [];
          return { body: { removed: true } };
        },
      }),
    );
    const user = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect(fetch.callsTo('DELETE /api/account/social-accounts/sa-g')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/account/social-accounts/sa-g')).toHaveLength(1));
    expect(await screen.findByText('Account unlinked')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Not linked')).toHaveLength(2));
  });

  it('the only way to sign in (no password, one link) cannot be unlinked; the tooltip says why', async () => {
    const fetch = stubFetch(server({ items: [GOOGLE_LINK], has_password: false }));
    const user = renderCard();

    const unlink = await screen.findByRole('button', { name: 'Unlink' });
    expect(unlink.hasAttribute('disabled')).toBe(true);
    await user.hover(unlink.parentElement as HTMLElement);
    expect(
      await screen.findByText('This is the only way you can sign in. Link another account first.'),
    ).toBeTruthy();
    expect(fetch.callsTo('DELETE /api/account/social-accounts/sa-g')).toHaveLength(0);
  });

  it("the server's refusal to unlink is shown", async () => {
    stubFetch(
      server({ items: [GOOGLE_LINK], has_password: true }, undefined, {
        'DELETE /api/account/social-accounts/sa-g': {
          status: 409,
          body: errorBody('CONFLICT', 'This is the only way you can sign in, so it cannot be unlinked.'),
        },
      }),
    );
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Unlink' }));
    expect(
      await screen.findByText('This is the only way you can sign in, so it cannot be unlinked.'),
    ).toBeTruthy();
  });

  it('links Google through its consent page', async () => {
    const url = 'https://accounts.example/o/oauth2/v2/auth?state=bind';
    const fetch = stubFetch(
      server({ items: [], has_password: true }, undefined, {
        'POST /api/google/oauth/bind/create': { body: { url } },
      }),
    );
    const user = renderCard();
    const [googleLink] = await screen.findAllByRole('button', { name: 'Link' });
    await user.click(googleLink as HTMLElement);
    await waitFor(() => expect(leaveForProvider).toHaveBeenCalledWith(url));
    expect(fetch.callsTo('POST /api/google/oauth/bind/create')).toHaveLength(1);
  });

  it('links WeChat with its QR code, and a provider without credentials cannot be linked', async () => {
    const fetch = stubFetch(
      server(
        { items: [], has_password: true },
        { google: false, wechat: true },
        {
          'GET /api/wechat/open-web/oauth/connect/create': {
            body: {
              appid: 'wx1',
              redirect_uri: 'https://app.example/wechat-bind-callback',
              state: 'e'.repeat(96),
              qr_url: 'https://open.weixin.qq.com/connect/qrconnect',
            },
          },
        },
      ),
    );
    const user = renderCard();
    await waitFor(async () => {
      const [google] = await screen.findAllByRole('button', { name: 'Link' });
      expect(google?.hasAttribute('disabled')).toBe(true);
    });
    const [google, wechat] = screen.getAllByRole('button', { name: 'Link' });
    await user.hover(google?.parentElement as HTMLElement);
    expect(await screen.findByText('Google sign-in is not configured on this server')).toBeTruthy();

    await user.click(wechat as HTMLElement);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Link your WeChat account')).toBeTruthy();
    expect(await dialog.findByTitle('WeChat QR code')).toBeTruthy();
    const asked = new URL(
      fetch.callsTo('GET /api/wechat/open-web/oauth/connect/create')[0]?.url ?? '',
      'http://x',
    );
    expect(asked.searchParams.get('type')).toBe('bind');
  });
});
