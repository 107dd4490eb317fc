import { LANG_COOKIE } from '@app/contract/common';
import { getHealthy } from '@app/contract/core/healthy';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../api/client';
import { getLangCookie, setCookie } from '../cookies';
import { jsonResponse, mockFetch, type SeenRequest } from '../testing/mock-fetch';
import { loadAntdLocale } from './antd-locale';
import { initialLocale } from './locales';

describe('changeLanguage (spec sections 7 and 9)', () => {
  it('remembers the loc for a year, announces it on every call, loads its translations and switches the UI', async () => {
    const { requests } = mockFetch((request: SeenRequest) =>
      request.url === '/api/babel/text'
        ? jsonResponse(200, { version: 1, loc: 'fr_FR', msgstrs: { Settings: 'Paramètres' } })
        : jsonResponse(200, { status: 'ok', time: 1 }),
    );
    await import('./i18n');
    const { changeLanguage } = await import('./change-language');
    // The antd provider layer makes dayjs follow the language (the sign-in pages load no dayjs).
    const { followUiLanguageInDayjs } = await import('./dayjs-locale');
    followUiLanguageInDayjs();
    const cookieWrites = vi.spyOn(Document.prototype, 'cookie', 'set');

    await changeLanguage('fr_FR');

    expect(getLangCookie()).toBe('fr_FR');
    expect(cookieWrites.mock.calls.map(([value]) => value)).toContainEqual(
      expect.stringMatching(/^app_lang=fr_FR; Path=\/; Max-Age=31536000/),
    );
    expect(i18next.language).toBe('fr-FR');
    expect(i18next.t('Settings')).toBe('Paramètres');
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(dayjs.locale()).toBe('fr');

    await callApi(getHealthy, { silent: true });
    expect(requests.at(-1)?.headers.get('accept-language')).toBe('fr_FR');
  });
});

describe('initial language (spec section 9)', () => {
  it('is the app_lang cookie when set, else the build default (en_US for a global build)', () => {
    expect(initialLocale()).toBe('en_US');
    setCookie(LANG_COOKIE, 'zh_HK');
    expect(initialLocale()).toBe('zh_HK');
    setCookie(LANG_COOKIE, 'xx_XX');
    expect(initialLocale()).toBe('en_US');
  });
});

describe('antd locale', () => {
  it('follows the loc; zh_HK uses the traditional-Chinese (Hong Kong) pack', async () => {
    expect((await loadAntdLocale('en_US')).locale).toBe('en');
    expect((await loadAntdLocale('zh_CN')).locale).toBe('zh-cn');
    expect((await loadAntdLocale('zh_HK')).locale).toBe('zh-hk');
    expect((await loadAntdLocale('fr_FR')).locale).toBe('fr');
  });
});
