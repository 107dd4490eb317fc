import type { Locale } from '@app/contract/common';

export interface CachedTranslations {
  version: number;
  msgstrs: Record<string, string>;
}

/** Checked by hand: zod would more than double what the sign-in pages load (docs/performance.md). */
function asCachedTranslations(value: unknown): CachedTranslations | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, msgstrs } = value as Record<string, unknown>;
  if (!Number.isInteger(version) || typeof msgstrs !== 'object' || msgstrs === null) return null;
  if (Array.isArray(msgstrs) || !Object.values(msgstrs).every((text) => typeof text === 'string'))
    return null;
  return { version: version as number, msgstrs: msgstrs as Record<string, string> };
}

const keyFor = (loc: Locale) => `app_i18n:${loc}`;

/** localStorage is shared with older builds and the user; anything that does not parse is a miss. */
export function readCachedTranslations(loc: Locale): CachedTranslations | null {
  try {
    const raw = localStorage.getItem(keyFor(loc));
    if (!raw) return null;
    return asCachedTranslations(JSON.parse(raw));
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
