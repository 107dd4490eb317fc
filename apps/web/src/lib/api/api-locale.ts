import { DEFAULT_LOCALE, type Locale } from '../light-contract';

/**
 * The language every request announces in Accept-Language. It lives apart from the i18n setup so
 * the client does not import i18next (and i18n, which calls the client, does not form a cycle).
 */
let current: Locale = DEFAULT_LOCALE;

export function setApiLocale(loc: Locale): void {
  current = loc;
}

export function getApiLocale(): Locale {
  return current;
}
