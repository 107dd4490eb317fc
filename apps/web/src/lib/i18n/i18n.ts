import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLocale } from '../api/api-locale';
import { fromLanguageTag, initialLocale, toLanguageTag } from './locales';
import { reportMissingKey } from './missing-keys';
import { ensureTranslations, translationsReady } from './translations';

/**
 * Sets up the shared i18next instance on import (main.tsx imports this first), synchronously, so
 * the first render and the first API call already use the right language. The msgid is the
 * English text itself, so `.` and `:` inside it are not key or namespace separators, and a
 * missing translation shows the English text.
 */
const loc = initialLocale();
setApiLocale(loc);
document.documentElement.lang = toLanguageTag(loc);

void i18next.use(initReactI18next).init({
  lng: toLanguageTag(loc),
  fallbackLng: false,
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  // The server may list a msgid with an empty msgstr while translators work; show the English.
  returnEmptyString: false,
  interpolation: { escapeValue: false },
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
