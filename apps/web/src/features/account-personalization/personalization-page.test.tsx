import type { Personalization } from '@app/contract/account/personalization/personalization';
import type { Locale } from '@app/contract/common';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import frSeed from '../../../../server/src/modules/i18n/seed/web.fr_FR.json';
import frProfileSeed from '../../../../server/src/modules/i18n/seed/web-account-profile.fr_FR.json';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { getLangCookie } from '../../lib/cookies';
import { formatDate } from '../../lib/format';
import { changeLanguage } from '../../lib/i18n/change-language';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { errorBody } from '../../lib/testing/mock-fetch';

const SAVED: Personalization = {
  language: 'en_US',
  timezone: null,
  theme: 'light',
  help_switch: true,
  date_format: 'yyyy-MM-dd hh:mm:ss',
};

const LANGUAGES = [
  { loc: 'en_US' as const, display: 'English', switch: true },
  { loc: 'fr_FR' as const, display: 'Français', switch: true },
  { loc: 'zh_HK' as const, display: '繁體中文', switch: false },
];

/**
 * A server whose basic infos carry what was last saved, as the real one's do: the app can only
 * follow a preference once basic infos answer it.
 */
function server(extra: StubRoutes = {}): StubRoutes {
  let saved = { ...SAVED };
  const infos = () => {
    const { language, ...preferences } = saved;
    return basicInfosFixture({ locale: language, preferences, languages: LANGUAGES });
  };
  return {
    ...signedInRoutes(infos()),
    'GET /api/user/basic-infos': () => ({ body: infos() }),
    'GET /api/account/personalization': () => ({ body: saved }),
    'PUT /api/account/personalization': (request) => {
      saved = { ...saved, ...(request.json() as Partial<Personalization>) };
      return { body: saved };
    },
    'POST /api/babel/text': ({ headers }) => {
      const loc = (headers.get('Accept-Language') ?? 'en_US') as Locale;
      return { body: { version: 1, loc, msgstrs: loc === 'fr_FR' ? { ...frSeed, ...frProfileSeed } : {} } };
    },
    ...extra,
  };
}

async function openPersonalization() {
  renderApp('/account/personalization');
  expect(await screen.findByRole('heading', { name: 'Personalization' })).toBeTruthy();
  await screen.findByRole('radio', { name: /Dark/ });
  return userEvent.setup();
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  field: string,
  search: string,
  option: string,
) {
  const box = screen.getByRole('combobox', { name: field });
  await user.click(box);
  await user.paste(search);
  await user.click(await screen.findByTitle(option));
}

describe('/account/personalization', () => {
  afterEach(async () => {
    // Unmounted first: a page still shown would re-render in English after the test ended,
    // and React's scheduler would run once the test environment is gone (window is not defined).
    cleanup();
    await changeLanguage('en_US');
  });

  it('saving sends exactly the chosen values', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openPersonalization();

    await choose(user, 'Time zone', 'tokyo', 'Asia/Tokyo (UTC+09:00)');
    await user.click(screen.getByRole('radio', { name: /Dark/ }));
    await user.click(screen.getByRole('switch', { name: 'Help icons' }));
    await user.click(screen.getByRole('radio', { name: /^yyyy-MM \d{4}-\d{2}$/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/personalization')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/personalization')[0]?.json()).toEqual({
      language: 'en_US',
      timezone: 'Asia/Tokyo',
      theme: 'dark',
      help_switch: false,
      date_format: 'yyyy-MM',
    });
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
  });

  it('"Follow the browser" is sent as null', async () => {
    signIn();
    const fetch = stubFetch(
      server({ 'GET /api/account/personalization': { body: { ...SAVED, timezone: 'Europe/Paris' } } }),
    );
    const user = await openPersonalization();

    await choose(
      user,
      'Time zone',
      'follow',
      `Follow the browser (${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/personalization')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/personalization')[0]?.json()).toMatchObject({ timezone: null });
  });

  it('each date format shows the current time written that way, in the zone being chosen', async () => {
    signIn();
    stubFetch(server());
    const user = await openPersonalization();

    // UTC+14: its date and hour differ from the test machine's for most of the day.
    await choose(user, 'Time zone', 'kiritimati', 'Pacific/Kiritimati (UTC+14:00)');
    const hourThere = () => `yyyy-MM-dd hh ${formatDate(new Date(), 'YYYY-MM-DD HH', 'Pacific/Kiritimati')}`;
    const before = hourThere();
    const shown = screen.getByRole('radio', { name: /^yyyy-MM-dd hh \d/ });
    // Read around the check, in case the hour turns meanwhile.
    expect([before, hourThere()]).toContain(shown.closest('label')?.textContent);
  });

  it('choosing dark applies the dark theme once saved, on the whole document', async () => {
    signIn();
    stubFetch(server());
    const user = await openPersonalization();
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.click(screen.getByRole('radio', { name: /Dark/ }));
    // Choosing alone changes nothing: the saved preference is what the app follows.
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('a new language switches the UI texts and the language cookie', async () => {
    signIn();
    stubFetch(server());
    const user = await openPersonalization();

    const language = screen.getByRole('combobox', { name: 'Language' });
    await user.click(language);
    // Only the languages the server switches on are offered.
    expect(screen.queryByTitle('繁體中文')).toBeNull();
    await user.click(await screen.findByTitle('Français'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(frProfileSeed['Language and region'])).toBeTruthy();
    // A regex: in jsdom the button's loading icon never finishes leaving, and it has a label.
    expect(screen.getByRole('button', { name: new RegExp(frSeed.Save) })).toBeTruthy();
    expect(screen.getByRole('heading', { name: frProfileSeed.Personalization })).toBeTruthy();
    expect(getLangCookie()).toBe('fr_FR');
  });

  it("shows the server's refusal on the field it names", async () => {
    signIn();
    stubFetch(
      server({
        'PUT /api/account/personalization': {
          status: 400,
          body: errorBody('VALIDATION_ERROR', 'Invalid input', {
            fields: { timezone: 'Not a known time zone' },
          }),
        },
      }),
    );
    const user = await openPersonalization();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const field = (await screen.findByText('Not a known time zone')).closest('.ant-form-item');
    expect(field && within(field as HTMLElement).getByText('Time zone')).toBeTruthy();
  });
});
