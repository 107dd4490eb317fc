import type { CompareMode, DateParamValue } from '@app/contract/analysis/parameters';
import {
  COMPARE_LABELS,
  comparisonRange,
  type Day,
  type DayRange,
  quickRange,
  rangeLabelOf,
} from '@app/contract/analytics/date-ranges';
import type { QuickRange } from '@app/contract/analytics/query';

type Translate = (msgid: string, options?: Record<string, string | number>) => string;

/** A date value whose days are all written out, as the picker draws and gives it. */
export type FullDateValue = DateParamValue & { startDate: Day; endDate: Day };

/**
 * The value a pick gives: the days, the quick range they came from (so a saved "last 30 days"
 * stays the last 30 days), and with a compare mode the comparison days the contract's
 * `comparisonRange` gives for them.
 */
export function dateRangeValue(range: DayRange, compare?: CompareMode, quick?: QuickRange): FullDateValue {
  const value: FullDateValue = { startDate: range.start, endDate: range.end };
  if (quick) value.range = quick;
  if (compare) {
    const other = comparisonRange(range, compare).range;
    value.compare = compare;
    value.compareStartDate = other.start;
    value.compareEndDate = other.end;
  }
  return value;
}

/**
 * A value as of `today`: a quick range wins over the dates stored with it (a stored default is
 * often the range alone), and a compare mode gives its days. Null when it names no days.
 */
export function fullDateValue(value: DateParamValue, today: Day): FullDateValue | null {
  const { startDate, endDate, range, compare, compareStartDate, compareEndDate } = value;
  const days = range
    ? quickRange(range, today)
    : startDate && endDate
      ? { start: startDate, end: endDate }
      : null;
  if (!days) return null;
  const full = dateRangeValue(days, compare, range);
  if (!compare && compareStartDate && compareEndDate) {
    full.compareStartDate = compareStartDate;
    full.compareEndDate = compareEndDate;
  }
  return full;
}

/** The same days under another compare mode (none drops the comparison). */
export function withCompare(value: FullDateValue, compare?: CompareMode): FullDateValue {
  return dateRangeValue({ start: value.startDate, end: value.endDate }, compare, value.range);
}

function daysText(start: Day, end: Day): string {
  return start === end ? start : `${start} – ${end}`;
}

/**
 * What the trigger shows: the quick range's name with the days it covers today (or the days
 * alone), then what they are compared with: every range says its dates.
 */
export function dateRangeText(value: FullDateValue, t: Translate): string {
  const days = daysText(value.startDate, value.endDate);
  const main = value.range ? `${rangeLabelOf(value.range, t)} (${days})` : days;
  if (!value.compareStartDate || !value.compareEndDate) return main;
  const compareDays = daysText(value.compareStartDate, value.compareEndDate);
  return t('{{range}} vs {{compare}}', {
    range: main,
    compare: value.compare ? `${t(COMPARE_LABELS[value.compare])} (${compareDays})` : compareDays,
  });
}
