import type { Personalization } from '@app/contract/account/personalization/personalization';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getLangCookie } from '../../../lib/cookies';
import { changeLanguage } from '../../../lib/i18n/change-language';
import { basicInfosFixture } from '../../../lib/testing/basic-infos-fixture';
import { renderApp } from '../../testing/render-app';
import { signedInRoutes, signIn } from '../../testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../testing/stub-fetch';

const SAVED: Personalization = {
  language: 'en_US',
  timezone: null,
  theme: 'light',
  help_switch: true,
  date_format: 'yyyy-MM-dd hh:mm:ss',
};

/** A server that remembers what was saved, so basic infos asked again answers the new preferences. */
function server(extra: StubRoutes = {}): StubRoutes {
  let saved = SAVED;
  const infos = () =>
    basicInfosFixture({
      locale: saved.language,
      preferences: {
        timezone: saved.timezone,
        theme: saved.theme,
        help_switch: saved.help_switch,
        date_format: saved.date_format,
      },
      languages: [
        { loc: 'en_US', display: 'English', switch: true },
        { loc: 'fr_FR', display: 'Français', switch: true },
      ],
    });
  return {
    ...signedInRoutes(infos()),
    'GET /api/user/basic-infos': () => ({ body: infos() }),
    'PUT /api/account/personalization': (request) => {
      saved = { ...saved, ...(request.json() as Partial<Personalization>) };
      return { body: saved };
    },
    ...extra,
  };
}

async function openPage() {
  renderApp('/moblie/personal-settings');
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  return userEvent.setup();
}

describe('/moblie/personal-settings', () => {
  it('switches to the dark theme with one tap and saves it', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openPage();

    await user.click(screen.getByText('Dark'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/personalization')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/personalization')[0]?.json()).toEqual({ theme: 'dark' });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    // Basic infos is asked again so every page picks the new preference up.
    await waitFor(() => expect(fetch.callsTo('GET /api/user/basic-infos').length).toBeGreaterThan(1));
  });

  it('turns the help icons off', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openPage();

    const help = screen.getByRole('switch', { name: 'Show help icons' });
    expect(help.getAttribute('aria-checked')).toBe('true');
    await user.click(help);

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/personalization')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/personalization')[0]?.json()).toEqual({ help_switch: false });
    await waitFor(() => expect(help.getAttribute('aria-checked')).toBe('false'));
  });

  it('changes the language from the list basic infos offers, and saves it to the account', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openPage();

    try {
      await user.click(screen.getByRole('button', { name: /Language/ }));
      const drawer = within(await screen.findByRole('dialog'));
      await user.click(drawer.getByText('Français'));

      await waitFor(() => expect(fetch.callsTo('PUT /api/account/personalization')).toHaveLength(1));
      expect(fetch.callsTo('PUT /api/account/personalization')[0]?.json()).toEqual({ language: 'fr_FR' });
      expect(getLangCookie()).toBe('fr_FR');
    } finally {
      // i18next is shared by every test file in this worker.
      // Unmounted first: a page still shown would re-render in English after the test ended,
      // and React's scheduler would run once the test environment is gone (window is not defined).
      cleanup();
      await changeLanguage('en_US');
    }
  });

  it('links to security and shows the app version', async () => {
    signIn();
    stubFetch(server());
    await openPage();

    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/account/security');
    expect(screen.getByText('Version')).toBeTruthy();
    expect(screen.getByText(__APP_VERSION__)).toBeTruthy();
  });
});
