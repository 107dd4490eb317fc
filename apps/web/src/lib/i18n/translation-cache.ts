import type { Locale } from '@app/contract/common';
import { z } from 'zod';

const zCachedTranslations = z.object({
  version: z.number().int(),
  msgstrs: z.record(z.string(), z.string()),
});
export type CachedTranslations = z.infer<typeof zCachedTranslations>;

const keyFor = (loc: Locale) => `app_i18n:${loc}`;

/** localStorage is shared with older builds and the user; anything that does not parse is a miss. */
export function readCachedTranslations(loc: Locale): CachedTranslations | null {
  try {
    const raw = localStorage.getItem(keyFor(loc));
    if (!raw) return null;
    const parsed = zCachedTranslations.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedTranslations(loc: Locale, entry: CachedTranslations): void {
  try {
    localStorage.setItem(keyFor(loc), JSON.stringify(entry));
  } catch {
    // Quota exceeded or storage disabled: translations still work, just fetched on every load.
  }
}
