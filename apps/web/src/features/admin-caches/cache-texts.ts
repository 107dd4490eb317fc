type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** A cache's name as the reader reads it: the known ones by what they hold, the rest as named. */
export function cacheTitle(t: Translate, name: string): string {
  if (name === 'sessions') return t('Sessions');
  if (name === 'rate-limit') return t('Rate-limit counters');
  if (name.startsWith('version:'))
    return t('Version-tied data: {{key}}', { key: name.slice('version:'.length) });
  return name;
}

/**
 * `95` -> `1 min 35 s`, in SI symbols, which every shipped language reads as they are (no count
 * is said in words, so none needs a plural); null: no limit, said as `none`.
 */
export function durationText(seconds: number | null, none: string): string {
  if (seconds === null) return none;
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}
