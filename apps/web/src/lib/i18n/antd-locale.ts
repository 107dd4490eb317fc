import type { Locale } from '@app/contract/common';
import type { ConfigProviderProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, fromLanguageTag, initialLocale } from './locales';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd's texts (pagination, pickers, empty states) per language. Each pack is a chunk of its own,
 * loaded when the language is first shown: three of the four never are for most users, and all
 * four took 4 kB of gzip off every antd page's first load (docs/performance.md).
 */
const LOADERS: Record<Locale, () => Promise<AntdLocale>> = {
  en_US: () => import('antd/locale/en_US').then((m) => m.default),
  zh_CN: () => import('antd/locale/zh_CN').then((m) => m.default),
  zh_HK: () => import('antd/locale/zh_HK').then((m) => m.default),
  fr_FR: () => import('antd/locale/fr_FR').then((m) => m.default),
};

const loaded = new Map<Locale, AntdLocale>();

/**
 * Until a pack is loaded. antd fills every text a locale leaves out with its English default, and
 * ConfigProvider wraps its children differently with a locale than without, so passing one from
 * the start keeps the page mounted (its focus and state) when the real pack arrives.
 */
const ENGLISH_DEFAULTS: AntdLocale = { locale: 'en' };

export async function loadAntdLocale(loc: Locale): Promise<AntdLocale> {
  const known = loaded.get(loc);
  if (known) return known;
  const pack = await LOADERS[loc]();
  loaded.set(loc, pack);
  return pack;
}

/** The provider layer loads the current language's pack before its first render. */
export function loadCurrentAntdLocale(): Promise<AntdLocale> {
  return loadAntdLocale(currentLocale());
}

/** The pack of `loc` once loaded (undefined before). */
export function antdLocaleFor(loc: Locale): AntdLocale | undefined {
  return loaded.get(loc);
}

/**
 * For `<ConfigProvider locale={...}>`: re-renders when the UI language changes. While a new
 * language's pack loads, the previous one stays (antd's English when none is loaded yet).
 */
export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  const loc = fromLanguageTag(i18n.language) ?? initialLocale();
  const [shown, setShown] = useState<AntdLocale | undefined>(() => loaded.get(loc));
  const ready = loaded.get(loc);

  useEffect(() => {
    if (ready) {
      setShown(ready);
      return;
    }
    let live = true;
    void loadAntdLocale(loc).then((pack) => {
      if (live) setShown(pack);
    });
    return () => {
      live = false;
    };
  }, [loc, ready]);

  return ready ?? shown ?? ENGLISH_DEFAULTS;
}
