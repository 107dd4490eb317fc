import { isLocale, LANG_COOKIE, type Locale, TOKEN_COOKIE } from './light-contract';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function getCookie(name: string): string | null {
  for (const entry of document.cookie.split(';')) {
    const separator = entry.indexOf('=');
    if (separator < 0) continue;
    if (entry.slice(0, separator).trim() !== name) continue;
    const raw = entry.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A cookie written by another tool may not be URI-encoded; its raw value is still usable.
      return raw;
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.round(options.maxAgeSeconds)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
  document.cookie = `${name}=; Path=${path}; Max-Age=0`;
}

/** The bearer token the server set at sign-in (readable by JS by design, ARCHITECTURE section 5). */
export function getToken(): string | null {
  const token = getCookie(TOKEN_COOKIE);
  return token ? token : null;
}

/** Keeps a token the server answered when its cookie did not arrive; a session cookie, the server owns the lifetime. */
export function setToken(token: string): void {
  setCookie(TOKEN_COOKIE, token);
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
}

/** The language the user chose, if any and still one we ship. */
export function getLangCookie(): Locale | null {
  const value = getCookie(LANG_COOKIE);
  return isLocale(value) ? value : null;
}

/** Spec section 9: the language cookie lasts one year. */
export function setLangCookie(loc: Locale): void {
  setCookie(LANG_COOKIE, loc, { maxAgeSeconds: ONE_YEAR_SECONDS });
}
