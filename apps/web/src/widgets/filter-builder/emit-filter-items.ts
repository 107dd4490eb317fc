import type { FilterValueType } from '@app/contract/analysis/filter-options';
import { type FilterItem, type FilterOperator, MAX_FILTER_NUMBER } from '@app/contract/list';
import { isEmptyFilterValue } from '../filter-drawer/filter-defaults';
import { CHECK_LIST_SEPARATOR } from '../filter-drawer/filter-types';
import { type FilterRow, type FilterScalar, valueShape } from './filter-row';

/** A number in the range the API takes (the contract refuses more), whole for int fields. */
function numberValue(raw: FilterScalar, type: 'int' | 'float'): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (Number.isNaN(n)) return null;
  const bounded = Math.min(MAX_FILTER_NUMBER, Math.max(-MAX_FILTER_NUMBER, n));
  return type === 'int' ? Math.round(bounded) : bounded;
}

/** One value as the API takes it, or null when it filters nothing. */
function scalarValue(raw: FilterScalar, type: FilterValueType): string | number | null {
  if (type === 'int' || type === 'float') return numberValue(raw, type);
  if (raw === null) return null;
  // Spaces around a typed value are slips of the keyboard, not part of what is searched for.
  const text = String(raw).trim();
  if (type === 'option' || type === 'check_list') {
    return isEmptyFilterValue({ type: 'option', value: text }) ? null : text;
  }
  return text === '' ? null : text;
}

function asList(value: FilterRow['value']): FilterScalar[] {
  return Array.isArray(value) ? value : [value];
}

/** One choice of a list: numbers as for a single value, text trimmed; 'all' is kept to be seen below. */
function listChoice(raw: FilterScalar, type: FilterValueType): string | number | null {
  if (type === 'int' || type === 'float') return numberValue(raw, type);
  const text = raw === null ? '' : String(raw).trim();
  return text === '' ? null : text;
}

/** Spec section 5: a list is one string, semicolon separated; 'all' among its choices filters nothing. */
function listValue(value: FilterRow['value'], type: FilterValueType): string | null {
  const choices = asList(value)
    .map((raw) => listChoice(raw, type))
    .filter((choice) => choice !== null);
  const joined = choices.join(CHECK_LIST_SEPARATOR);
  return isEmptyFilterValue({ type: 'check_list', value: joined }) ? null : joined;
}

/** 'between' is `low;high`; numbers entered backwards still mean the span between them. */
function pairValue(value: FilterRow['value'], type: FilterValueType): string | null {
  const [first = null, second = null] = asList(value).map((raw) => scalarValue(raw, type));
  if (first === null || second === null) return null;
  const ordered = typeof first === 'number' && typeof second === 'number' && first > second;
  return ordered ? `${second};${first}` : `${first};${second}`;
}

/** A check-list is matched as a set: its negative operators exclude the choices, the rest include them. */
function checkListOperator(operator: FilterOperator): FilterOperator {
  return operator === 'ne' || operator === 'not_in' || operator === 'not_contains' ? 'not_in' : 'in';
}

function emitFilterItem(row: FilterRow): FilterItem | null {
  const { field, type, operator } = row;
  if (field === null || type === null || operator === null) return null;
  const shape = valueShape(type, operator);
  const value =
    shape === 'list'
      ? listValue(row.value, type)
      : shape === 'pair'
        ? pairValue(row.value, type)
        : scalarValue(asList(row.value)[0] ?? null, type);
  if (value === null) return null;
  return {
    connect_pre_filter: row.connect_pre_filter,
    field,
    operator: type === 'check_list' ? checkListOperator(operator) : operator,
    value,
  };
}

/**
 * The filter builder's rows as the API's filter items (spec section 3, "Emitted filter item";
 * section 5): rows without a field, an operator or a value are dropped; check-lists and 'in' lists
 * are one semicolon-separated string; 'between' is `low;high`; int and float values are numbers
 * within MAX_FILTER_NUMBER. The first item joins nothing, so its connector is always 'and'.
 */
export function emitFilterItems(rows: FilterRow[]): FilterItem[] {
  const items = rows.map(emitFilterItem).filter((item): item is FilterItem => item !== null);
  return items.map((item, index) => (index === 0 ? { ...item, connect_pre_filter: 'and' } : item));
}
