type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** A cache's name as the reader reads it: the known ones by what they hold, the rest as named. */
export function cacheTitle(t: Translate, name: string): string {
  if (name === 'sessions') return t('Sessions');
  if (name === 'rate-limit') return t('Rate-limit counters');
  if (name === 'analysis:definitions') return t('Parsed analysis functions');
  if (name === 'analysis:func-cache') return t('Function cache');
  if (name === 'chat:model-clients') return t("The chat's model clients");
  // The version key itself is shown under the title, as a code.
  if (name.startsWith('version:')) return t('Version-tied data');
  return name;
}

/**
 * `95` -> `1 min 35 s` (`1 分 35 秒` in Chinese); null: no limit, said as `none`. No count is said
 * in words, so none needs a plural.
 */
export function durationText(t: Translate, seconds: number | null, none: string): string {
  if (seconds === null) return none;
  if (seconds < 60) return t('{{seconds}} s', { seconds });
  if (seconds < 3600)
    return t('{{minutes}} min {{seconds}} s', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return t('{{hours}} h {{minutes}} min', {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
  });
}
