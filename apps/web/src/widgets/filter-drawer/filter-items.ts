import { type FilterItem, zFilterOperator } from '@app/contract/list';
import { checkListChoices, effectiveFilterValues, isEmptyFilterValue } from './filter-defaults';
import { isPeriodType, parsePeriod, periodSeconds } from './filter-period';
import {
  ALL,
  CHECK_LIST_SEPARATOR,
  type FilterConfig,
  type FilterValue,
  type FilterValues,
} from './filter-types';

type Operator = FilterItem['operator'];

/** A config's operator when the API knows it, else the type's own; a typo must not fail the list call. */
function operatorOr(opt: string | undefined, fallback: Operator): Operator {
  const parsed = zFilterOperator.safeParse(opt);
  return parsed.success ? parsed.data : fallback;
}

function item(field: string, operator: Operator, value: FilterItem['value']): FilterItem {
  return { connect_pre_filter: 'and', field, operator, value };
}

/** One field's emitted item, or null when the value filters nothing (spec section 5: dropped). */
function toFilterItem(field: string, value: FilterValue): FilterItem | null {
  if (isEmptyFilterValue(value)) return null;
  switch (value.type) {
    case 'submit':
      return null;
    case 'option':
      return typeof value.value === 'string' ? item(field, operatorOr(value.opt, 'eq'), value.value) : null;
    case 'check_list': {
      const choices = checkListChoices(value.value).filter((choice) => choice !== ALL);
      return item(field, 'in', choices.join(CHECK_LIST_SEPARATOR));
    }
    case 'bool': {
      const flag = value.value === true || value.value === 'true';
      if (!flag && value.value !== false && value.value !== 'false') return null;
      return item(field, 'eq', flag);
    }
    case 'range': {
      const { start_time: start = 0, end_time: end = 0 } = value;
      // A range picked backwards still means the span between the two days.
      return item(field, 'between', `${Math.min(start, end)};${Math.max(start, end)}`);
    }
    default: {
      if (!isPeriodType(value.type) || typeof value.value !== 'string') return null;
      const date = parsePeriod(value.value, value.type, value.format);
      if (!date) return null;
      const { start, end } = periodSeconds(date, value.type);
      return item(field, 'between', `${start};${end}`);
    }
  }
}

/**
 * The emitted filter list for the API (spec section 3 "Emitted filter item"): option -> `opt` or
 * 'eq'; check-list -> 'in' with `a;b`; bool -> 'eq' true/false; day, month, year -> 'between' of
 * the period's first and last second; range -> 'between' `start;end` in seconds. Empty and 'all'
 * values are dropped (spec section 5). With a config, its fields (and their defaults) are what is
 * emitted; without one, the values describe themselves.
 */
export function toFilterItems(config: FilterConfig | undefined, values: FilterValues): FilterItem[] {
  const effective = config ? effectiveFilterValues(config, values) : values;
  const items: FilterItem[] = [];
  for (const [field, value] of Object.entries(effective)) {
    const emitted = toFilterItem(field, value);
    if (emitted) items.push(emitted);
  }
  return items;
}
