import type { FilterOptionDef, FilterValueType } from '@app/contract/analysis/filter-options';
import type { FilterItem, FilterOperator } from '@app/contract/list';
import { ALL } from '../filter-drawer/filter-types';
import { findFieldOption } from './field-options';

export type FilterConnector = FilterItem['connect_pre_filter'];

/** One entered value: numbers for int and float fields, text for the rest; null when not entered. */
export type FilterScalar = string | number | null;

/** What a row's value control holds: one value, a list of choices, or the two bounds of 'between'. */
export type FilterValueShape = 'one' | 'list' | 'pair';

/** One row of the filter builder, as the user is editing it. */
export interface FilterRow {
  /** React's key: rows are added and removed anywhere in the list. */
  key: string;
  /** How this row joins the rows before it; the first row's is not shown and stays 'and'. */
  connect_pre_filter: FilterConnector;
  field: string | null;
  /** The chosen field's value type, kept on the row so its item can be emitted without the options. */
  type: FilterValueType | null;
  operator: FilterOperator | null;
  /** A scalar for 'one', the choices for 'list', `[low, high]` for 'pair'. */
  value: FilterScalar | FilterScalar[];
}

let lastKey = 0;

/** A blank row; it emits nothing until a field, an operator and a value are chosen. */
export function createFilterRow(connect: FilterConnector = 'and'): FilterRow {
  lastKey += 1;
  return {
    key: `filter-${lastKey}`,
    connect_pre_filter: connect,
    field: null,
    type: null,
    operator: null,
    value: null,
  };
}

/**
 * Check-lists always take a list (spec section 5); 'in' and 'not_in' take a list of any type;
 * 'between' takes two bounds; everything else one value.
 */
export function valueShape(type: FilterValueType | null, operator: FilterOperator | null): FilterValueShape {
  if (type === 'check_list' || operator === 'in' || operator === 'not_in') return 'list';
  if (operator === 'between') return 'pair';
  return 'one';
}

/** Whether the option offers the 'all' choice, which means "no filter" (spec section 4). */
export function offersAll(option: FilterOptionDef | undefined): boolean {
  return (option?.value ?? []).some((choice) => choice.value === ALL);
}

/** The value a control starts with: 'all' where the option offers it (spec section 4), else nothing. */
function initialValue(shape: FilterValueShape, option: FilterOptionDef | undefined): FilterRow['value'] {
  const all = offersAll(option);
  if (shape === 'list') return all ? [ALL] : [];
  if (shape === 'pair') return [null, null];
  return all && option?.filter_value_type === 'option' ? ALL : null;
}

/**
 * The row with another field: its operator becomes the new field's first and its value is
 * cleared, since neither need make sense for the new field.
 */
export function withField(row: FilterRow, options: FilterOptionDef[], field: string): FilterRow {
  const option = findFieldOption(options, field);
  const operator = option?.operators[0] ?? null;
  const type = option?.filter_value_type ?? null;
  return { ...row, field, type, operator, value: initialValue(valueShape(type, operator), option) };
}

/** The row with another operator; the value is kept while the control's shape stays the same. */
export function withOperator(
  row: FilterRow,
  option: FilterOptionDef | undefined,
  operator: FilterOperator,
): FilterRow {
  const sameShape = valueShape(row.type, operator) === valueShape(row.type, row.operator);
  return {
    ...row,
    operator,
    value: sameShape ? row.value : initialValue(valueShape(row.type, operator), option),
  };
}
