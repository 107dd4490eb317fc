import type { TranslationRow } from '@app/contract/i18n/admin-translations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const LANGUAGES = [
  { loc: 'en_US', display: 'English', enabled: true, sort: 1 },
  { loc: 'zh_CN', display: '简体中文', enabled: true, sort: 2 },
  { loc: 'fr_FR', display: 'Français', enabled: false, sort: 4 },
];

const ROWS: TranslationRow[] = [
  { msgid: 'Sign in', from: 'web', msgstrs: { zh_CN: '登录', fr_FR: 'Se connecter' } },
  { msgid: 'You have {{count}} files', from: 'web', msgstrs: { fr_FR: 'Vous avez {{count}} fichiers' } },
];

const page = (items = ROWS) => ({
  body: { items, total: items.length, page: 1, page_size: 50, languages: LANGUAGES },
});

describe('/admin/sys-functions/multiple-languages', () => {
  it('shows msgids against languages, filters missing only, and saves an edit in place with Enter', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/translations': (request) =>
        request.url.includes('missing_only=true') ? page([ROWS[1] as TranslationRow]) : page(),
      'PUT /api/admin/sys-functions/translations': { body: { saved: 1, version: 7 } },
    });
    renderApp('/admin/sys-functions/multiple-languages');
    const row = (await screen.findByText('Sign in')).closest('.ant-table-row') as HTMLElement;
    expect(within(row).getByText('登录')).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: '简体中文 (zh_CN)' }).length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Missing only' }));
    await waitFor(() =>
      expect(
        fetch
          .callsTo('GET /api/admin/sys-functions/translations')
          .some((call) => call.url.includes('missing_only=true')),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Sign in')).toBeNull());
    const missing = (await screen.findByText('You have {{count}} files')).closest(
      '.ant-table-row',
    ) as HTMLElement;
    await user.click(
      within(missing).getByRole('button', { name: 'Translation of "You have {{count}} files" in zh_CN' }),
    );
    const editor = within(missing).getByRole('textbox', {
      name: 'Translation of "You have {{count}} files" in zh_CN',
    });
    await user.type(editor, '你有 {{{{count}} 个文件{Enter}');
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-functions/translations')[0]?.json()).toEqual({
        cells: [{ msgid: 'You have {{count}} files', loc: 'zh_CN', msgstr: '你有 {{count}} 个文件' }],
      }),
    );
    // The saved version is loaded: basic infos are asked again.
    await waitFor(() => expect(fetch.callsTo('GET /api/user/basic-infos').length).toBeGreaterThan(1));
  });

  it('AI fill-in lists suggestions for review and saves only the checked ones', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/translations': page(),
      'POST /api/admin/sys-functions/translations/ai-fill': {
        body: {
          model: 'gpt-test',
          needs_model: false,
          suggestions: [
            { msgid: 'You have {{count}} files', msgstr: '你有 {{count}} 个文件' },
            { msgid: 'Other', msgstr: '其他' },
          ],
          rejected: [{ msgid: 'Lost', msgstr: 'x', reason: 'Lost {{count}}' }],
        },
      },
      'PUT /api/admin/sys-functions/translations': { body: { saved: 1, version: 8 } },
    });
    renderApp('/admin/sys-functions/multiple-languages');
    await screen.findByText('Sign in');
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'AI fill-in' }));
    await user.click(await screen.findByRole('menuitem', { name: '简体中文' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Suggestions by gpt-test: review them; nothing is saved until you save.');
    expect(within(dialog).getByText('Lost: Lost {{count}}')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep the suggestion for "Other"' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save selected (1)' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-functions/translations')[0]?.json()).toEqual({
        cells: [{ msgid: 'You have {{count}} files', msgstr: '你有 {{count}} 个文件', loc: 'zh_CN' }],
      }),
    );
  });

  it('AI fill-in with no model says one is needed', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/translations': page(),
      'POST /api/admin/sys-functions/translations/ai-fill': {
        body: {
          model: 'offline',
          needs_model: true,
          suggestions: [],
          rejected: [],
          msg: 'AI fill-in needs a model: configure one on the foreign-keys page',
        },
      },
    });
    renderApp('/admin/sys-functions/multiple-languages');
    await screen.findByText('Sign in');
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'AI fill-in' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('AI fill-in needs a model: configure one on the foreign-keys page'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /Save selected/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('switches a language on in the languages drawer', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/translations': page(),
      'PUT /api/admin/sys-functions/languages/fr_FR': {
        body: { language: { loc: 'fr_FR', display: 'Français', enabled: true, sort: 4 } },
      },
    });
    renderApp('/admin/sys-functions/multiple-languages');
    await screen.findByText('Sign in');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage languages' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('switch', { name: 'Offer Français' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-functions/languages/fr_FR')[0]?.json()).toEqual({
        enabled: true,
      }),
    );
  });
});
