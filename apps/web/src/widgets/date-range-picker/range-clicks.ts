import type { Day, DayRange } from '@app/contract/analytics/date-ranges';

/** After a click: still waiting for the second day, or a whole range to confirm. */
export type RangeClick = { pending: Day } | { range: DayRange };

/**
 * Spec section 4, "Date range picker": the first click sets the start; the second sets the end and
 * confirms, swapped when it comes before the start (the range always runs forwards). The same day
 * twice is a one-day range.
 */
export function clickDay(pending: Day | null, day: Day): RangeClick {
  if (pending === null) return { pending: day };
  return pending <= day ? { range: { start: pending, end: day } } : { range: { start: day, end: pending } };
}
