import type { Locale } from '@app/contract/common';
import dayjs from 'dayjs';
import i18next from 'i18next';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import { currentLocale, fromLanguageTag } from './locales';

const DAYJS_LOCALES: Record<Locale, string> = {
  en_US: 'en',
  zh_CN: 'zh-cn',
  zh_HK: 'zh-hk',
  fr_FR: 'fr',
};

/** antd's date pickers format through dayjs, so its global locale follows the UI language. */
export function applyDayjsLocale(loc: Locale): void {
  dayjs.locale(DAYJS_LOCALES[loc]);
}

let following = false;

/**
 * Applies the UI language now and on every change. Called by the antd provider layer: dayjs
 * serves antd's pickers and our date formats, which the sign-in pages do not load.
 */
export function followUiLanguageInDayjs(): void {
  applyDayjsLocale(currentLocale());
  if (following) return;
  following = true;
  i18next.on('languageChanged', (tag: string) => {
    const loc = fromLanguageTag(tag);
    if (loc) applyDayjsLocale(loc);
  });
}
