import type { InputParameter, ParamValue } from '@app/contract/analysis/parameters';
import { COMPARE_LABELS, rangeLabelOf } from '@app/contract/analytics/date-ranges';
import type { FilterItem } from '@app/contract/list';

type Translate = (msgid: string, values?: Record<string, unknown>) => string;

/** One input as the history and a run's header show it: a range's label, option names, numbers. */
function shownInput(param: InputParameter | undefined, value: ParamValue, t: Translate): string {
  if (value === null) return '';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const range = value.range ? rangeLabelOf(value.range, t) : `${value.startDate} – ${value.endDate}`;
    const compare = value.compare
      ? t(COMPARE_LABELS[value.compare])
      : value.compareStartDate
        ? `${value.compareStartDate} – ${value.compareEndDate}`
        : null;
    return compare ? `${range} ${t('vs')} ${compare}` : range;
  }
  const names = new Map((param?.input_data.options ?? []).map((option) => [option.value, option.display]));
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(';') : [String(value)];
  return parts.map((part) => names.get(part) ?? part).join(', ');
}

/** "Period: Last 30 days vs Same period last year · Metrics: Sessions, Revenue · Filters: 1". */
export function inputsLine(
  params: InputParameter[] | undefined,
  inputs: Record<string, ParamValue>,
  filters: FilterItem[],
  t: Translate,
): string {
  const byKey = new Map((params ?? []).map((param) => [param.key, param]));
  const shown = Object.entries(inputs).map(([key, value]) => {
    const param = byKey.get(key);
    return t('{{label}}: {{range}}', { label: param?.name ?? key, range: shownInput(param, value, t) });
  });
  if (filters.length > 0) shown.push(t('Filters: {{count}}', { count: filters.length }));
  return shown.join(' · ');
}
