import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// 'YYYY-MM-DD HH' is not ISO: only this plugin reads it back strictly.
dayjs.extend(customParseFormat);

export type PeriodGranularity = 'month' | 'day' | 'hour';

/** Spec section 9's date formats: yyyy-MM, yyyy-MM-dd, yyyy-MM-dd hh (hours 00 to 23). */
export const PERIOD_FORMATS: Record<PeriodGranularity, string> = {
  month: 'YYYY-MM',
  day: 'YYYY-MM-DD',
  hour: 'YYYY-MM-DD HH',
};

/** A value in its granularity's format as a date; anything else (a stray format, junk) is null. */
export function parsePeriodValue(
  value: string | null | undefined,
  granularity: PeriodGranularity,
): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value, PERIOD_FORMATS[granularity], true);
  return date.isValid() ? date : null;
}
