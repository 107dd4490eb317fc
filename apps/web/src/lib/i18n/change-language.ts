import type { Locale } from '@app/contract/common';
import i18next from 'i18next';
import { setApiLocale } from '../api/api-locale';
import { setLangCookie } from '../cookies';
import { toLanguageTag } from './locales';
import { ensureTranslations, knownTranslationVersion } from './translations';

/**
 * Switches the whole UI to `loc`: remembered for a year in the cookie, announced to the server on
 * every call, translations loaded before the switch so the page never flashes untranslated text.
 * Server answers already cached keep their old language until refetched; callers that care
 * invalidate their queries.
 */
export async function changeLanguage(loc: Locale): Promise<void> {
  setLangCookie(loc);
  setApiLocale(loc);
  await ensureTranslations(loc, knownTranslationVersion());
  document.documentElement.lang = toLanguageTag(loc);
  await i18next.changeLanguage(toLanguageTag(loc));
}
