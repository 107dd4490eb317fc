import type { Locale } from '@app/contract/common';
import { getToken } from '../cookies';
import { getApiLocale } from './api-locale';

/** Identifies this client to the server (ARCHITECTURE section 5: web, mobile, open-api). */
export const CLIENT_KEY = 'web';

/**
 * Hours east of UTC, fractional where the zone is (India +5.5). The server uses it for "today"
 * and report date ranges, so it must follow the browser's zone at the time of the call.
 */
export function tzOffsetHours(date: Date = new Date()): string {
  const hours = -date.getTimezoneOffset() / 60;
  return String(hours === 0 ? 0 : hours);
}

/** The headers every call sends (spec section 7); content-type is the caller's business. */
export function requestHeaders(locale: Locale = getApiLocale()): Record<string, string> {
  const headers: Record<string, string> = {
    'x-client-key': CLIENT_KEY,
    'Accept-Language': locale,
    'x-tz-offset': tzOffsetHours(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
