import { LANG_COOKIE, LOCALES, type Locale } from '@app/contract/common';
import type { TokenCaller } from './open-api-gate';

export interface CtxUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
  createdAt: Date;
  /** The user's saved settings as stored (read with the session, so basic infos needs no query). */
  settings: UserSettings;
}

export interface UserSettings {
  locale: string | null;
  timezone: string | null;
  theme: string;
  helpSwitch: boolean;
  dateFormat: string;
}

export interface CtxTeam {
  id: string;
  name: string;
  /** The user's role in the team: owner | admin | member. */
  role: string;
}

/** Who is asking, in which language and time zone; built once per request, read by every service. */
export interface RequestContext {
  reqId: string;
  user: CtxUser | null;
  team: CtxTeam | null;
  sessionId: string | null;
  locale: Locale;
  /** Hours east of UTC from `x-tz-offset` (may be fractional); used for "today" and report ranges. */
  tzOffsetHours: number;
  ip: string;
  userAgent: string;
  /** The msgid in `locale`; with a `count`, in the plural form it takes (`say`). */
  t: (msgid: string, count?: number) => string;
  /**
   * Set when this request wrote an operation record (`audited`, `recordOperation`). Shared by
   * reference, so copies of the context (`signedIn`) mark the same request.
   */
  audit?: { recorded: boolean };
  /**
   * Set on an Open API call (`x-client-key: open-api` or a REST token as the bearer): the token
   * once it is known to be live, and what the request log keeps of the answer.
   */
  openApi?: { token: TokenCaller | null; errorCode: string | null };
}

const byLowerCase = new Map(LOCALES.map((loc) => [loc.toLowerCase(), loc]));

/** Maps `zh-CN`, `zh_cn`, `zh-TW`, `fr`, `en-GB;q=0.8` ... onto the four product languages. */
export function normalizeLocale(tag: string | undefined): Locale | undefined {
  if (!tag) return undefined;
  const clean = tag.trim().split(';')[0]?.replace('-', '_').toLowerCase() ?? '';
  const exact = byLowerCase.get(clean);
  if (exact) return exact;
  if (/^zh_(hk|tw|mo|hant)/.test(clean)) return 'zh_HK';
  if (clean.startsWith('zh')) return 'zh_CN';
  if (clean.startsWith('fr')) return 'fr_FR';
  if (clean.startsWith('en')) return 'en_US';
  return undefined;
}

export function pickLocale(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  fallback: Locale,
): Locale {
  const fromCookie = normalizeLocale(cookies[LANG_COOKIE]);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const loc = normalizeLocale(part);
    if (loc) return loc;
  }
  return fallback;
}

/** `x-tz-offset` in hours; anything not a real offset (-12..14) counts as UTC. */
export function parseTzOffset(header: string | string[] | undefined): number {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= -12 && value <= 14 ? value : 0;
}

export function bearerToken(header: string | undefined): string | null {
  if (header?.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const token = header.slice(7).trim();
  return token || null;
}
