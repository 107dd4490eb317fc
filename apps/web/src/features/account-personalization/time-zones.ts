/** The zone this browser runs in: what "follow the browser" (a saved null) means here. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export interface TimeZoneOption {
  value: string;
  label: string;
  /** What a search matches: the name with spaces for underscores (`new york`), and the offset. */
  search: string;
}

/** `GMT+08:00` -> `UTC+08:00`; Intl writes a zero offset as bare `GMT`, shown as `UTC+00:00`. */
function utcOffset(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = (part ?? 'GMT').replace('GMT', '');
  return `UTC${offset || '+00:00'}`;
}

let cached: TimeZoneOption[] | null = null;

/**
 * Every IANA zone the browser knows, with its offset now, plus UTC (which `supportedValuesOf`
 * leaves out). Built once: about 420 formatters are cheap once, not on every render.
 */
export function timeZoneOptions(): TimeZoneOption[] {
  if (cached) return cached;
  const now = new Date();
  const zones = Intl.supportedValuesOf('timeZone');
  const names = zones.includes('UTC') ? zones : ['UTC', ...zones];
  cached = names.map((zone) => {
    const offset = utcOffset(zone, now);
    const spaced = zone.replace(/_/g, ' ');
    const search = spaced === zone ? `${zone} ${offset}` : `${zone} ${spaced} ${offset}`;
    return { value: zone, label: `${zone} (${offset})`, search };
  });
  return cached;
}
