import i18next from 'i18next';
import { BUILD_DEFAULT_LOCALE } from '../build-config';
import { getLangCookie } from '../cookies';
import { LOCALES, type Locale } from '../light-contract';

/**
 * The wire speaks `zh_CN`; i18next, Intl and `<html lang>` need BCP 47 (`zh-CN`), or plural rules
 * and canonicalisation throw. The loc is converted at this one border.
 */
export function toLanguageTag(loc: Locale): string {
  return loc.replace('_', '-');
}

export function fromLanguageTag(tag: string | undefined): Locale | null {
  const loc = tag?.replace('-', '_');
  return LOCALES.find((candidate) => candidate === loc) ?? null;
}

/** Spec section 9: the language cookie wins, else the build's default (zh_CN for a China-region build). */
export function initialLocale(): Locale {
  return getLangCookie() ?? BUILD_DEFAULT_LOCALE;
}

/** The language the UI shows now. */
export function currentLocale(): Locale {
  return fromLanguageTag(i18next.language) ?? initialLocale();
}
