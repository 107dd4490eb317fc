import { COMPARE_MODES, type CompareMode, type DateParamValue } from '@app/contract/analysis/parameters';
import {
  COMPARE_LABELS,
  type Day,
  type DayRange,
  quickRange,
  rangeLabelOf,
  todayAt,
} from '@app/contract/analytics/date-ranges';
import { QUICK_RANGES } from '@app/contract/analytics/query';
import { Button, Popover, Radio } from 'antd';
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLanguageTag, toLanguageTag } from '../../lib/i18n/locales';
import { dateRangeText, dateRangeValue, fullDateValue, withCompare } from './date-range-value';
import { MonthCalendar } from './month-calendar';
import { monthOf, shiftMonth } from './month-grid';
import { clickDay } from './range-clicks';
import { weekdayLabels, weekStartOf } from './weekdays';
import './date-range-picker.css';

export interface DateRangePickerProps {
  value?: DateParamValue;
  onChange: (value: DateParamValue) => void;
  /** Offer the compare modes (YoY, MoM, Preceding); without it the value never carries a comparison. */
  compare?: boolean;
  /** `YYYY-MM-DD`; defaults to today in the browser's time zone (tests pin it). */
  today?: Day;
  disabled?: boolean;
  /** Given to the trigger, so a form label focuses it. */
  id?: string;
  /** What the trigger is called for screen readers (the form's label); "Date range" by default. */
  label?: string;
}

const NO_COMPARE = 'none';

function browserToday(): Day {
  return todayAt(-new Date().getTimezoneOffset() / 60);
}

/**
 * The date-range picker of spec section 4: a trigger showing the range and its comparison, and a
 * popover with the quick ranges, two months side by side and, with `compare`, the compare modes.
 * The first click on a day sets the start, the second sets the end and confirms (swapped when it
 * is earlier), then the popover closes; a quick range confirms and closes at once.
 */
export function DateRangePicker({
  value,
  onChange,
  compare = false,
  today: todayProp,
  disabled,
  id,
  label,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const loc = fromLanguageTag(i18n.language) ?? 'en_US';
  const weekdays = useMemo(() => weekdayLabels(loc), [loc]);
  const today = todayProp ?? browserToday();

  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<Day | null>(null);
  const [hover, setHover] = useState<Day | null>(null);
  // The value as of today, its comparison dropped when none is offered.
  const given = value ? fullDateValue(value, today) : null;
  const current = given && !compare ? withCompare(given, undefined) : given;
  // The right-hand month; the left one is the month before (analyses look back).
  const [anchor, setAnchor] = useState(() => monthOf(current?.endDate ?? today));
  // The mode chosen before any range is: it applies to the next pick.
  const [draftCompare, setDraftCompare] = useState<CompareMode | undefined>(value?.compare);
  const mode = compare ? (current ? current.compare : draftCompare) : undefined;

  const openPanel = (next: boolean) => {
    if (disabled) return;
    if (next) {
      setPending(null);
      setHover(null);
      setAnchor(monthOf(current?.endDate ?? today));
    }
    setOpen(next);
  };

  // The popover lives at the end of the page, out of the tab order: focus goes into it when it
  // mounts (to the chosen quick range, else the first) and back to the trigger on closing. The
  // portal is attached to the page just after its content mounts, hence the next tick.
  const focusPanel = useCallback((panel: HTMLDivElement | null) => {
    if (!panel) return;
    setTimeout(() => {
      const target =
        panel.querySelector<HTMLButtonElement>('button[aria-pressed="true"]') ??
        panel.querySelector('button');
      target?.focus({ preventScroll: true });
    }, 0);
  }, []);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onPanelKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  const confirm = (next: DateParamValue) => {
    onChange(next);
    setPending(null);
    close();
  };

  const pickDay = (day: Day) => {
    const click = clickDay(pending, day);
    if ('pending' in click) setPending(click.pending);
    else confirm(dateRangeValue(click.range, mode));
  };

  const pickCompare = (next: CompareMode | undefined) => {
    setDraftCompare(next);
    if (current) onChange(withCompare(current, next));
  };

  // While the end is being chosen, the range the hovered day would make is drawn.
  const preview = pending ? clickDay(pending, hover ?? pending) : null;
  const shown: DayRange | null =
    preview && 'range' in preview
      ? preview.range
      : current
        ? { start: current.startDate, end: current.endDate }
        : null;

  const text = current ? dateRangeText(current, t) : t('Choose dates');
  const languageTag = toLanguageTag(loc);

  const panel = (
    <div
      ref={focusPanel}
      className="date-range-picker__panel"
      role="dialog"
      aria-label={label ?? t('Date range')}
      onKeyDown={onPanelKey}
    >
      <ul className="date-range-picker__quick" aria-label={t('Quick ranges')}>
        {QUICK_RANGES.map((name) => (
          <li key={name}>
            <Button
              type="text"
              size="small"
              block
              aria-pressed={current?.range === name}
              onClick={() => confirm(dateRangeValue(quickRange(name, today), mode, name))}
            >
              {rangeLabelOf(name, t)}
            </Button>
          </li>
        ))}
      </ul>
      <div className="date-range-picker__body">
        <div className="date-range-picker__nav">
          <Button
            type="text"
            size="small"
            aria-label={t('One month earlier')}
            onClick={() => setAnchor(shiftMonth(anchor, -1))}
          >
            ‹
          </Button>
          <Button
            type="text"
            size="small"
            aria-label={t('One month later')}
            onClick={() => setAnchor(shiftMonth(anchor, 1))}
          >
            ›
          </Button>
        </div>
        <div className="date-range-picker__months">
          {[shiftMonth(anchor, -1), anchor].map((month) => (
            <MonthCalendar
              key={month}
              month={month}
              languageTag={languageTag}
              weekStart={weekStartOf(loc)}
              weekdays={weekdays}
              today={today}
              shown={shown}
              onPick={pickDay}
              onHover={setHover}
            />
          ))}
        </div>
        <p className="date-range-picker__hint" aria-live="polite">
          {pending ? t('Now pick the last day') : t('Pick the first day')}
        </p>
        {compare ? (
          <Radio.Group
            className="date-range-picker__compare"
            aria-label={t('Compare with')}
            value={mode ?? NO_COMPARE}
            onChange={(event) => {
              const next = event.target.value as string;
              pickCompare(next === NO_COMPARE ? undefined : (next as CompareMode));
            }}
            options={[
              { value: NO_COMPARE, label: t('No comparison') },
              ...COMPARE_MODES.map((name) => ({ value: name, label: t(COMPARE_LABELS[name]) })),
            ]}
          />
        ) : null}
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={openPanel}
      trigger="click"
      placement="bottomLeft"
      content={panel}
      destroyOnHidden
      arrow={false}
    >
      <Button
        ref={triggerRef}
        id={id}
        className="date-range-picker__trigger"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('{{label}}: {{range}}', { label: label ?? t('Date range'), range: text })}
      >
        {text}
      </Button>
    </Popover>
  );
}
