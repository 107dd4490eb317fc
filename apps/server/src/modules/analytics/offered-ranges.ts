import {
  addDays,
  addMonths,
  comparisonRange,
  type Day,
  type DayRange,
  quickRange,
} from '@app/contract/analytics/date-ranges';
import { QUICK_RANGES } from '@app/contract/analytics/query';

/**
 * The ranges a count of distinct people (users) is kept for as the source's own range total, so a
 * question in the product's own words compares totals with totals (ARCHITECTURE section 8): every
 * named quick range as of `today`, each with its preceding, month-earlier and year-earlier range;
 * every whole calendar month from `firstMonth`; every whole calendar year from `firstMonth`'s.
 * One list for the demo and for a GA4 sync, so both answer the same questions the same way. A
 * range outside it (last 45 days, an explicit range) is answered as a labelled sum of daily counts.
 */
export function offeredRanges(today: Day, firstMonth: Day): DayRange[] {
  const wanted = new Map<string, DayRange>();
  const add = (range: DayRange) => wanted.set(`${range.start}:${range.end}`, range);
  for (const name of QUICK_RANGES) {
    const range = quickRange(name, today);
    add(range);
    for (const mode of ['preceding', 'mom', 'yoy'] as const) add(comparisonRange(range, mode).range);
  }
  const from = `${firstMonth.slice(0, 7)}-01`;
  for (let first = `${today.slice(0, 7)}-01`; first >= from; first = addMonths(first, -1)) {
    add({ start: first, end: addDays(addMonths(first, 1), -1) });
  }
  for (let year = Number(today.slice(0, 4)); year >= Number(from.slice(0, 4)); year -= 1) {
    add({ start: `${year}-01-01`, end: `${year}-12-31` });
  }
  return [...wanted.values()];
}
