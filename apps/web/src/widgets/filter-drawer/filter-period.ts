import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FilterType } from './filter-types';

// A config may store a period in any format ('YYYY/MM', 'MM-YYYY'); only this plugin parses those.
dayjs.extend(customParseFormat);

export type PeriodType = Extract<FilterType, 'day' | 'month' | 'year'>;

export const PERIOD_UNIT = { day: 'day', month: 'month', year: 'year' } as const;

/** How a period value is written when the config gives no `format`. */
export const DEFAULT_PERIOD_FORMAT: Record<PeriodType, string> = {
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

export function isPeriodType(type: FilterType): type is PeriodType {
  return type === 'day' || type === 'month' || type === 'year';
}

export function periodFormat(type: PeriodType, format?: string): string {
  return format || DEFAULT_PERIOD_FORMAT[type];
}

/** A stored period value as a date, or null when it does not read in its format. */
export function parsePeriod(value: string, type: PeriodType, format?: string): Dayjs | null {
  const date = dayjs(value, periodFormat(type, format), true);
  return date.isValid() ? date : null;
}

/**
 * The first and last second of the period, in the viewer's time zone: "May" means May as the user
 * sees the calendar, whatever the server's zone.
 */
export function periodSeconds(date: Dayjs, type: PeriodType): { start: number; end: number } {
  const unit = PERIOD_UNIT[type];
  return { start: date.startOf(unit).unix(), end: date.endOf(unit).unix() };
}
