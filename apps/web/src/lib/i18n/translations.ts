import type { Locale } from '@app/contract/common';
import type { postBabelText } from '@app/contract/i18n/babel-text';
import i18next from 'i18next';
import { endpointRef, lightCall } from '../api/light-client';
import { toLanguageTag } from './locales';
import {
  type CachedTranslations,
  readCachedTranslations,
  writeCachedTranslations,
} from './translation-cache';

/** The `from` the server files our msgids under; it owns `web.<loc>.json` seeds (wire notes). */
export const I18N_SOURCE = 'web';

/** Every page asks for its language's texts, the sign-in pages too: through the light client. */
export const babelText = endpointRef<typeof postBabelText>('POST', '/api/babel/text');

// Per page life: which version each language shows, what is loading, and which server versions a
// fetch already answered (so a basic-infos answer that lags the babel answer cannot refetch forever).
const appliedVersions = new Map<Locale, number>();
const inFlight = new Map<Locale, Promise<void>>();
const answeredServerVersions = new Map<Locale, Set<number>>();
let lastServerVersion: number | undefined;

/**
 * Makes `loc`'s translations available to i18next. The localStorage copy is used when its version
 * equals the server's `latest_translation_version`, or when that is not known (signed out);
 * otherwise they are fetched, stored and shown. A failed fetch falls back to the stale copy.
 */
export async function ensureTranslations(loc: Locale, serverVersion?: number): Promise<void> {
  if (serverVersion !== undefined) lastServerVersion = serverVersion;
  const matches = (version: number) => serverVersion === undefined || version === serverVersion;

  const applied = appliedVersions.get(loc);
  if (applied !== undefined && matches(applied)) return;
  if (serverVersion !== undefined && answeredServerVersions.get(loc)?.has(serverVersion)) {
    return;
  }

  const cached = readCachedTranslations(loc);
  if (cached && matches(cached.version)) {
    apply(loc, cached);
    return;
  }

  const pending = inFlight.get(loc) ?? fetchTranslations(loc, cached, serverVersion);
  inFlight.set(loc, pending);
  return pending;
}

/** The server version last seen, so a language switch checks against it too. */
export function knownTranslationVersion(): number | undefined {
  return lastServerVersion;
}

/** Whether `loc` has had its translations applied in this page life (missing keys mean something then). */
export function translationsReady(loc: Locale): boolean {
  return appliedVersions.has(loc);
}

async function fetchTranslations(
  loc: Locale,
  stale: CachedTranslations | null,
  serverVersion: number | undefined,
): Promise<void> {
  try {
    // An empty msgids list asks for the whole language; Accept-Language names which one.
    const answer = await lightCall(babelText, {
      body: { msgids: [], source_lang: 'en_US', from: I18N_SOURCE },
      locale: loc,
      silent: true,
    });
    const entry = { version: answer.version, msgstrs: answer.msgstrs };
    writeCachedTranslations(loc, entry);
    apply(loc, entry);
    if (serverVersion !== undefined) {
      const answered = answeredServerVersions.get(loc) ?? new Set<number>();
      answered.add(serverVersion);
      answeredServerVersions.set(loc, answered);
    }
  } catch {
    // Offline or server down: stale translations beat none, and the English msgids beat both.
    if (stale) apply(loc, stale);
  } finally {
    inFlight.delete(loc);
  }
}

function apply(loc: Locale, entry: CachedTranslations): void {
  const lng = toLanguageTag(loc);
  // Replace rather than merge: a msgstr removed on the server must disappear here too.
  i18next.removeResourceBundle(lng, 'translation');
  i18next.addResourceBundle(lng, 'translation', entry.msgstrs, true, true);
  appliedVersions.set(loc, entry.version);
}
