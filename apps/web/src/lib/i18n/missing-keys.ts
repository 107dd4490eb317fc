import i18next from 'i18next';
import { lightCall } from '../api/light-client';
import { isLocale, type Locale } from '../light-contract';
import { toLanguageTag } from './locales';
import { babelText, I18N_SOURCE } from './translations';

/** Unknown msgids are collected this long after the last one, then sent in one call. */
export const MISSING_KEYS_DEBOUNCE_MS = 1000;
/** The contract's cap on msgids per call. */
const BATCH_LIMIT = 2000;
/** The contract's `zMsgid` (1 to 1000 characters), checked without loading zod. */
const MSGID_MAX = 1000;

// Each msgid goes to the server once per page life: a render loop must not become a request loop.
const seen = new Set<string>();
const queue = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Queues a msgid i18next could not find so the server registers it for translators. Called from
 * i18next's missing-key handler; sending is silent because nothing here concerns the user.
 */
export function reportMissingKey(msgid: string): void {
  if (seen.has(msgid) || msgid.length === 0 || msgid.length > MSGID_MAX) return;
  seen.add(msgid);
  queue.add(msgid);
  clearTimeout(timer);
  timer = setTimeout(() => void flushMissingKeys(), MISSING_KEYS_DEBOUNCE_MS);
}

export async function flushMissingKeys(): Promise<void> {
  clearTimeout(timer);
  const msgids = [...queue];
  queue.clear();
  for (let start = 0; start < msgids.length; start += BATCH_LIMIT) {
    try {
      const answer = await lightCall(babelText, {
        body: { msgids: msgids.slice(start, start + BATCH_LIMIT), source_lang: 'en_US', from: I18N_SOURCE },
        silent: true,
      });
      addKnownTranslations(answer.loc, answer.msgstrs);
    } catch {
      // Registration is best effort; the next page load reports the msgid again.
    }
  }
}

// A msgid another client registered may already have a translation; show it at once.
function addKnownTranslations(loc: Locale, msgstrs: Record<string, string>): void {
  const found = Object.fromEntries(Object.entries(msgstrs).filter(([, text]) => text !== ''));
  if (Object.keys(found).length === 0 || !isLocale(loc)) return;
  i18next.addResourceBundle(toLanguageTag(loc), 'translation', found, true, true);
}
