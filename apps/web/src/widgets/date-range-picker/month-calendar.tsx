import type { Day, DayRange } from '@app/contract/analytics/date-ranges';
import { useMemo } from 'react';
import { type Month, monthWeeks } from './month-grid';
import type { WeekdayLabel, WeekStart } from './weekdays';

export interface MonthCalendarProps {
  month: Month;
  /** BCP 47 language tag the month title and the days' names are written in. */
  languageTag: string;
  weekStart: WeekStart;
  weekdays: WeekdayLabel[];
  today: Day;
  /** The days drawn as one range (the chosen one, or the one a pending start would make). */
  shown: DayRange | null;
  onPick: (day: Day) => void;
  onHover: (day: Day | null) => void;
}

function utcDate(day: Day): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** One month's page: its title, the weekday header, and a button per day named by its full date. */
export function MonthCalendar({
  month,
  languageTag,
  weekStart,
  weekdays,
  today,
  shown,
  onPick,
  onHover,
}: MonthCalendarProps) {
  const formats = useMemo(
    () => ({
      title: new Intl.DateTimeFormat(languageTag, { year: 'numeric', month: 'long', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(languageTag, { dateStyle: 'full', timeZone: 'UTC' }),
    }),
    [languageTag],
  );
  const weeks = useMemo(() => monthWeeks(month, weekStart), [month, weekStart]);
  const title = formats.title.format(utcDate(`${month}-01`));

  return (
    <table className="date-range-picker__month">
      <caption className="date-range-picker__month-title">{title}</caption>
      <thead>
        <tr>
          {weekdays.map((weekday) => (
            <th key={weekday.long} scope="col" abbr={weekday.long}>
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody onMouseLeave={() => onHover(null)}>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, column) => {
              // Blank cells never move: their column is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              if (!day) return <td key={column} />;
              const edge = shown !== null && (day === shown.start || day === shown.end);
              const inside = shown !== null && day >= shown.start && day <= shown.end;
              const className = [
                'date-range-picker__day',
                inside ? 'date-range-picker__day--in-range' : '',
                edge ? 'date-range-picker__day--edge' : '',
                day === today ? 'date-range-picker__day--today' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={day}>
                  <button
                    type="button"
                    className={className}
                    aria-label={formats.day.format(utcDate(day))}
                    aria-pressed={edge}
                    aria-current={day === today ? 'date' : undefined}
                    onClick={() => onPick(day)}
                    onMouseEnter={() => onHover(day)}
                    onFocus={() => onHover(day)}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
