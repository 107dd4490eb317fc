import type { FilterOptionDef } from '@app/contract/analysis/filter-options';
import type { FilterItem } from '@app/contract/list';
import { CHECK_LIST_SEPARATOR } from '../filter-drawer/filter-types';
import { findFieldOption } from './field-options';
import { createFilterRow, type FilterRow, type FilterScalar, valueShape } from './filter-row';

/**
 * Emitted items read back into rows (a kept run re-run, or opened to edit): the inverse of
 * `emitFilterItems`, so `emitFilterItems(rowsFromItems(items))` gives the items back. An item
 * whose field the options do not offer is kept as text, so nothing the run used is lost.
 */
export function rowsFromItems(items: FilterItem[], options: FilterOptionDef[]): FilterRow[] {
  return items.map((item) => {
    const type = findFieldOption(options, item.field)?.filter_value_type ?? 'string';
    const numeric = type === 'int' || type === 'float';
    const scalar = (text: string): FilterScalar => {
      if (!numeric) return text;
      const n = Number(text);
      return Number.isFinite(n) ? n : null;
    };
    const shape = valueShape(type, item.operator);
    const text = String(item.value);
    const value: FilterRow['value'] =
      shape === 'list' || shape === 'pair'
        ? text.split(CHECK_LIST_SEPARATOR).map((part) => scalar(part.trim()))
        : typeof item.value === 'number'
          ? item.value
          : scalar(text);
    return {
      ...createFilterRow(item.connect_pre_filter),
      field: item.field,
      type,
      operator: item.operator,
      value,
    };
  });
}
