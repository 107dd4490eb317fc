import { addDays, addMonths, type Day } from '@app/contract/analytics/date-ranges';
import type { WeekStart } from './weekdays';

/** A calendar month as `YYYY-MM`. */
export type Month = string;

export function monthOf(day: Day): Month {
  return day.slice(0, 7);
}

export function shiftMonth(month: Month, months: number): Month {
  return monthOf(addMonths(`${month}-01`, months));
}

function weekdayOf(day: Day): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * The weeks a month's page shows: from the week holding the 1st to the week holding the last day.
 * Days of the neighbouring months are null (blank cells), so a day is only ever picked on its own
 * month's page and two months side by side never show a day twice.
 */
export function monthWeeks(month: Month, weekStart: WeekStart): (Day | null)[][] {
  const first = `${month}-01`;
  const lead = (weekdayOf(first) - weekStart + 7) % 7;
  const weeks: (Day | null)[][] = [];
  let day = addDays(first, -lead);
  while (weeks.length === 0 || monthOf(day) === month) {
    const week: (Day | null)[] = [];
    for (let column = 0; column < 7; column += 1) {
      week.push(monthOf(day) === month ? day : null);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}
