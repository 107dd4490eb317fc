import type { Locale } from '@app/contract/common';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { fromLanguageTag, initialLocale } from './locales';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// The four are small and the language can change at any time, so all ship in the entry chunk.
const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  en_US: enUS,
  zh_CN: zhCN,
  zh_HK: zhHK,
  fr_FR: frFR,
};

export function antdLocaleFor(loc: Locale): AntdLocale {
  return ANTD_LOCALES[loc];
}

/** For `<ConfigProvider locale={...}>`: re-renders when the UI language changes. */
export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  return antdLocaleFor(fromLanguageTag(i18n.language) ?? initialLocale());
}
