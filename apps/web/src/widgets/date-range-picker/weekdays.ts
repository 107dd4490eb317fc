import type { Locale } from '@app/contract/common';

/** 0 = Sunday, 1 = Monday: the day a calendar week starts on. */
export type WeekStart = 0 | 1;

interface WeekStyle {
  firstDay: WeekStart;
  weekday: 'short' | 'narrow';
  /** Keep only this many letters ("Mo" rather than "Mon", as calendars print them in English). */
  letters?: number;
}

/**
 * Spec section 9: the calendar's weekday labels in en_US, fr_FR, zh_CN and zh_HK. Weeks start on
 * Sunday in American English and on Monday elsewhere; the labels are the browser's own (Intl),
 * so no table of day names has to be translated.
 */
const WEEK_STYLES: Record<Locale, WeekStyle> = {
  en_US: { firstDay: 0, weekday: 'short', letters: 2 },
  fr_FR: { firstDay: 1, weekday: 'short' },
  zh_CN: { firstDay: 1, weekday: 'narrow' },
  zh_HK: { firstDay: 1, weekday: 'narrow' },
};

export function weekStartOf(loc: Locale): WeekStart {
  return WEEK_STYLES[loc].firstDay;
}

export interface WeekdayLabel {
  /** What the column header shows ("Mo", "lun.", "一"). */
  short: string;
  /** The day's whole name, for screen readers ("Monday", "lundi", "星期一"). */
  long: string;
}

/** The seven column headers in the order the week runs in `loc`. */
export function weekdayLabels(loc: Locale): WeekdayLabel[] {
  const style = WEEK_STYLES[loc];
  const tag = loc.replace('_', '-');
  const short = new Intl.DateTimeFormat(tag, { weekday: style.weekday, timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, column) => {
    // 7 January 2024 was a Sunday.
    const date = new Date(Date.UTC(2024, 0, 7 + ((column + style.firstDay) % 7)));
    const label = short.format(date);
    return { short: style.letters ? label.slice(0, style.letters) : label, long: long.format(date) };
  });
}
