import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLocale } from '../api/api-locale';
import { formatCompactNumber, formatCount } from '../numbers';
import { currentLocale, fromLanguageTag, initialLocale, toLanguageTag } from './locales';
import { reportMissingKey } from './missing-keys';
import { ensureTranslations, translationsReady } from './translations';

/**
 * Sets up the shared i18next instance on import (main.tsx imports this first), synchronously, so
 * the first render and the first API call already use the right language. The msgid is the
 * English text itself, so `.` and `:` inside it are not key or namespace separators, and a
 * missing translation shows the English text.
 *
 * Plurals (docs/decisions.md, "Plurals and one number formatter"): a text that counts something
 * names its number `{{count}}` and is written in its general (plural) form, `{{count}} seats`;
 * i18next picks the form by the language's plural rules (`Intl.PluralRules`), looking for
 * `<msgid>_one` where the count is singular (1 in English; 0 and 1 in French) and otherwise, or
 * when that form is missing, for the msgid itself. Chinese has one form, the msgid's. The English
 * singular is written where the text is used, `t('{{count}} seats', { count, defaultValue_one:
 * '{{count}} seat' })`, so English is right before or without the catalogue; French's singular
 * is the catalogue's `_one` entry. The missing-key report names the msgid, never a `_one` key.
 */
const loc = initialLocale();
setApiLocale(loc);
document.documentElement.lang = toLanguageTag(loc);

/**
 * `{{count}}` is always a count, written as every count is (`formatCount`: "2,000", "2 000"), or
 * abbreviated where the call asks for it (`compact: true`: "2K credits"); any other number is
 * passed to `t()` already formatted. A custom formatter is how i18next lets a value be formatted
 * without naming a format in the msgid (`alwaysFormat` below).
 */
const countFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng, options) => {
    if (options?.interpolationkey !== 'count' || typeof value !== 'number') return value;
    const loc = fromLanguageTag(lng) ?? currentLocale();
    return options.compact === true ? formatCompactNumber(value, loc) : formatCount(value, loc);
  },
};

void i18next
  .use(initReactI18next)
  .use(countFormatter)
  .init({
    lng: toLanguageTag(loc),
    fallbackLng: false,
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    // The server may list a msgid with an empty msgstr while translators work; show the English.
    returnEmptyString: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
    saveMissing: true,
    saveMissingPlurals: false,
    missingKeyHandler: (lngs, _ns, key) => {
      // Before a language's translations arrive every msgid is "missing"; that says nothing.
      const missingIn = fromLanguageTag(lngs[0]);
      if (missingIn && translationsReady(missingIn)) reportMissingKey(key);
    },
    // Translations arrive after the first render; re-render when they are added or replaced.
    react: { bindI18nStore: 'added removed', useSuspense: false },
  });

void ensureTranslations(loc);

export { i18next as i18n };
