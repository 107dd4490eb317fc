import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { signedInRoutes, signIn } from '../../testing/signed-in-stubs';
import { stubFetch } from '../../testing/stub-fetch';

async function tabBar() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }));
}

describe('mobile shell', () => {
  it('shows the chat and personal-center tabs, the personal center marked as the current one', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/moblie/personal-center');

    const tabs = await tabBar();
    const chat = tabs.getByRole('link', { name: 'Chat' });
    const me = tabs.getByRole('link', { name: 'Me' });
    expect(chat.getAttribute('href')).toBe('/chat');
    expect(me.getAttribute('href')).toBe('/moblie/personal-center');
    expect(me.getAttribute('aria-current')).toBe('page');
    expect(chat.getAttribute('aria-current')).toBeNull();
    // No desktop top bar: the page draws its own header.
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Personal center', level: 1 })).toBeTruthy();
  });

  it('keeps the personal-center tab current on the settings page, which it leads to', async () => {
    signIn();
    stubFetch(signedInRoutes());
    const app = renderApp('/moblie/personal-center');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/moblie/personal-settings');
    expect((await tabBar()).getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBe('page');
  });
});
