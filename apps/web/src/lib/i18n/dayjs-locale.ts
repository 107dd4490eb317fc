import type { Locale } from '@app/contract/common';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';

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
