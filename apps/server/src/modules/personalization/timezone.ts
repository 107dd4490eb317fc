/**
 * The canonical name of an IANA time zone the runtime knows (`europe/paris` -> `Europe/Paris`), or
 * null. Offsets such as `+08:00` are refused: a zone name keeps daylight saving right, an offset
 * does not.
 */
export function canonicalTimezone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
