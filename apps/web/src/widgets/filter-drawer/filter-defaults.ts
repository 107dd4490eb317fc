import {
  ALL,
  CHECK_LIST_SEPARATOR,
  type FilterConfig,
  type FilterFieldConfig,
  type FilterValue,
  type FilterValues,
} from './filter-types';

/**
 * A field's value before the user touches it (spec section 4): option filters default to 'all',
 * check-lists to 'all', unless the config marks options `is_default`; the rest are unset.
 */
export function defaultFilterValue(field: FilterFieldConfig): FilterValue {
  const base = { type: field.type, opt: field.opt, format: field.format };
  const defaults = (field.options ?? []).filter((option) => option.is_default).map((option) => option.value);
  switch (field.type) {
    case 'option':
      return { ...base, value: defaults[0] ?? ALL };
    case 'check_list':
      return { ...base, value: defaults.length > 0 ? defaults.join(CHECK_LIST_SEPARATOR) : ALL };
    default:
      return { ...base, value: null };
  }
}

/** Every filtering field's default; `submit` is a button, not a filter. */
export function defaultFilterValues(config: FilterConfig): FilterValues {
  const values: FilterValues = {};
  for (const [field, fieldConfig] of Object.entries(config)) {
    if (fieldConfig.type !== 'submit') values[field] = defaultFilterValue(fieldConfig);
  }
  return values;
}

/** The check-list choices of a value; an empty value means 'all'. */
export function checkListChoices(value: FilterValue['value']): string[] {
  if (typeof value !== 'string') return [ALL];
  const choices = value.split(CHECK_LIST_SEPARATOR).filter((choice) => choice !== '');
  return choices.length > 0 ? choices : [ALL];
}

/** Whether a value filters nothing: unset, empty, 'all', or a range missing an end. */
export function isEmptyFilterValue(value: FilterValue): boolean {
  switch (value.type) {
    case 'range':
      return value.start_time === undefined || value.end_time === undefined;
    case 'check_list':
      return checkListChoices(value.value).includes(ALL);
    case 'option':
      return value.value === null || value.value === '' || value.value === ALL;
    default:
      return value.value === null || value.value === '';
  }
}

/** Same filter, ignoring how it is written (check-list order, an unset vs empty value). */
export function sameFilterValue(a: FilterValue, b: FilterValue): boolean {
  if (isEmptyFilterValue(a) || isEmptyFilterValue(b)) return isEmptyFilterValue(a) && isEmptyFilterValue(b);
  if (a.type === 'range') return a.start_time === b.start_time && a.end_time === b.end_time;
  if (a.type === 'check_list') {
    const left = [...checkListChoices(a.value)].sort().join(CHECK_LIST_SEPARATOR);
    return left === [...checkListChoices(b.value)].sort().join(CHECK_LIST_SEPARATOR);
  }
  return a.value === b.value;
}

/** The values in force: what the user chose, else the field's default; fields outside the config are ignored. */
export function effectiveFilterValues(config: FilterConfig, values: FilterValues): FilterValues {
  const effective = defaultFilterValues(config);
  for (const [field, fieldConfig] of Object.entries(config)) {
    const chosen = values[field];
    // The config owns type, operator and format; a stale URL cannot change how a field is read.
    if (chosen && fieldConfig.type !== 'submit') {
      effective[field] = {
        ...chosen,
        type: fieldConfig.type,
        opt: fieldConfig.opt,
        format: fieldConfig.format,
      };
    }
  }
  return effective;
}

/**
 * Only the values that differ from their defaults, so a shared URL carries what the user chose
 * and nothing else.
 */
export function changedFilterValues(config: FilterConfig, values: FilterValues): FilterValues {
  const changed: FilterValues = {};
  const defaults = defaultFilterValues(config);
  for (const [field, value] of Object.entries(effectiveFilterValues(config, values))) {
    const fallback = defaults[field];
    if (!fallback || !sameFilterValue(value, fallback)) changed[field] = value;
  }
  return changed;
}
