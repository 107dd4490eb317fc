import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import frFR from '../../../../server/src/modules/i18n/seed/web.fr_FR.json';
import { getLangCookie } from '../../lib/cookies';
import { changeLanguage } from '../../lib/i18n/change-language';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { renderApp } from '../testing/render-app';
import { signedInRoutes, signIn } from '../testing/signed-in-stubs';
import { stubFetch } from '../testing/stub-fetch';

describe('language drawer', () => {
  afterEach(async () => {
    // Unmounted first: a page still shown would re-render in English after the test ended,
    // and React's scheduler would run once the test environment is gone (window is not defined).
    cleanup();
    await changeLanguage('en_US');
  });

  it('offers the languages the server switches on and re-renders the UI in the chosen one', async () => {
    signIn();
    const infos = basicInfosFixture({
      languages: [
        { loc: 'en_US', display: 'English', switch: true },
        { loc: 'fr_FR', display: 'Français', switch: true },
        { loc: 'zh_HK', display: '繁體中文', switch: false },
      ],
    });
    const fetch = stubFetch({
      ...signedInRoutes(infos),
      'POST /api/babel/text': ({ headers }) => {
        const loc = headers.get('Accept-Language') ?? 'en_US';
        return { body: { version: 1, loc, msgstrs: loc === 'fr_FR' ? frFR : {} } };
      },
    });
    renderApp('/chat');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Language' }));
    const drawer = await screen.findByRole('dialog', { name: 'Language' });
    expect(within(drawer).getByText('English')).toBeTruthy();
    expect(within(drawer).queryByText('繁體中文')).toBeNull();

    await user.click(within(drawer).getByText('Français'));

    expect(await screen.findByText('Interrogez vos données marketing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Langue' })).toBeTruthy();
    expect(getLangCookie()).toBe('fr_FR');
    // The server hears the new language on the next calls (basic infos are refetched in it).
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/user/basic-infos').at(-1)?.headers.get('Accept-Language')).toBe('fr_FR'),
    );
  });
});
