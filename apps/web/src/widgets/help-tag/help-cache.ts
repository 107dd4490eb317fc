import type { HelpEntry, HelpTagStyle } from '@app/contract/help/help-tags';

/** What one page's help answer keeps: the ids it was asked for and what they had. */
export interface CachedHelp {
  version: number;
  asked: string[];
  helps: Record<string, HelpEntry>;
  style: HelpTagStyle;
}

const keyFor = (loc: string, page: string) => `app_help:${loc}:${page}`;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** localStorage is shared with older builds and the user: checked by hand (no zod on /chat). */
function asCachedHelp(value: unknown): CachedHelp | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, asked, helps, style } = value as Record<string, unknown>;
  if (!Number.isInteger(version) || !isStringList(asked)) return null;
  if (typeof helps !== 'object' || helps === null || Array.isArray(helps)) return null;
  const entriesOk = Object.values(helps).every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as HelpEntry).html === 'string' &&
      typeof (entry as HelpEntry).icon === 'string',
  );
  if (!entriesOk || typeof style !== 'object' || style === null) return null;
  return {
    version: version as number,
    asked,
    helps: helps as CachedHelp['helps'],
    style: style as HelpTagStyle,
  };
}

/**
 * Spec sections 6 and 9: a page's help in a language, kept until `latest_tag_help_version`
 * moves; another version (or a broken entry) is a miss and is dropped.
 */
export function readCachedHelp(loc: string, page: string, version: number): CachedHelp | null {
  try {
    const raw = localStorage.getItem(keyFor(loc, page));
    if (!raw) return null;
    const parsed = asCachedHelp(JSON.parse(raw));
    if (parsed && parsed.version === version) return parsed;
    localStorage.removeItem(keyFor(loc, page));
    return null;
  } catch {
    return null;
  }
}

export function writeCachedHelp(loc: string, page: string, entry: CachedHelp): void {
  try {
    localStorage.setItem(keyFor(loc, page), JSON.stringify(entry));
  } catch {
    // Storage full or disabled: help still shows, asked for on each page load.
  }
}
