import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FORMAT = 'YYYY-MM-DD';

/** A report's range of days (both included), as the billing reports take it; unset = the server's default. */
export interface ReportRange {
  start?: string;
  end?: string;
}

/**
 * The report range kept in the URL (`start`, `end` as YYYY-MM-DD), so a report can be shared and
 * reloaded. A malformed or backwards pair is ignored rather than sent to be refused.
 */
export function useReportRange(): [ReportRange, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const range = useMemo((): ReportRange => {
    if (!DAY.test(start) || !DAY.test(end) || start > end) return {};
    return { start, end };
  }, [start, end]);
  const setRange = useCallback(
    (next: ReportRange) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next.start && next.end) {
          copy.set('start', next.start);
          copy.set('end', next.end);
        } else {
          copy.delete('start');
          copy.delete('end');
        }
        return copy;
      }),
    [setParams],
  );
  return [range, setRange];
}

/** Spec section 9 quick ranges: today, yesterday, last 7, 30, 90, 365 days, last calendar year. */
function quickRanges(t: (msgid: string) => string, today: Dayjs): { label: string; value: [Dayjs, Dayjs] }[] {
  const lastYear = today.subtract(1, 'year');
  return [
    { label: t('Today'), value: [today, today] },
    { label: t('Yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t('Last 7 days'), value: [today.subtract(6, 'day'), today] },
    { label: t('Last 30 days'), value: [today.subtract(29, 'day'), today] },
    { label: t('Last 90 days'), value: [today.subtract(89, 'day'), today] },
    { label: t('Last 365 days'), value: [today.subtract(364, 'day'), today] },
    { label: t('Last calendar year'), value: [lastYear.startOf('year'), lastYear.endOf('year')] },
  ];
}

/**
 * The range picker of the billing reports: the days the server answered for (`shown`, its default
 * when the URL names none) with the quick ranges of spec section 9; clearing returns to the default.
 */
export function ReportRangePicker({
  shown,
  onChange,
}: {
  shown: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  const { t } = useTranslation();
  const value: [Dayjs, Dayjs] | null =
    shown.start && shown.end ? [dayjs(shown.start, DAY_FORMAT), dayjs(shown.end, DAY_FORMAT)] : null;
  return (
    <DatePicker.RangePicker
      aria-label={t('Report range')}
      value={value}
      allowClear
      presets={quickRanges(t, dayjs().startOf('day'))}
      onChange={(days) => {
        const [from, to] = days ?? [];
        onChange(from && to ? { start: from.format(DAY_FORMAT), end: to.format(DAY_FORMAT) } : {});
      }}
    />
  );
}
