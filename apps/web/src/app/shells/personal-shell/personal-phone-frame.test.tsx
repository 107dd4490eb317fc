import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../lib/layout/use-phone';
import { fixedMediaQueryList } from '../../../lib/testing/media-query-list';
import { renderApp } from '../../testing/render-app';
import { signedInRoutes, signIn } from '../../testing/signed-in-stubs';
import { stubFetch } from '../../testing/stub-fetch';

/** A viewport of 375 px: only the phone query matches (antd's min-width breakpoints do not). */
function onAPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQueryList(query, query === PHONE_QUERY),
  );
}

describe('account pages on a phone (issue 26, item 1)', () => {
  it('open inside the mobile shell: a header naming the page with a way back, and the bottom menu', async () => {
    onAPhone();
    signIn();
    stubFetch(signedInRoutes());
    const app = renderApp('/account/personal/profile');

    const header = await screen.findByRole('banner', {}, { timeout: 30_000 });
    expect(within(header).getByRole('heading', { name: 'Profile' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // The page belongs to the personal-center tab, which stays lit.
    expect(within(menu).getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBe('page');
    // No desktop side menu or top bar on a phone.
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Workspace' })).toBeNull();

    await userEvent.setup().click(within(header).getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/moblie/personal-center'));
  });

  it('a details page leads back to its list, not out of the shell', async () => {
    onAPhone();
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/account/invoice/details?id=inv-1');

    const header = await screen.findByRole('banner', {}, { timeout: 30_000 });
    expect(within(header).getByRole('heading', { name: 'Invoices' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/account/wallets/invoices',
    );
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('on a desktop the same page keeps the side menu and the top bar', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/account/personal/profile');
    expect(await screen.findByRole('navigation', { name: 'Workspace' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
