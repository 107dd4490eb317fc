import type { FilterableField, FilterOperator, ListField, ListFields } from '@app/contract/list';
import type { FilterConfig, FilterFieldConfig, FilterOption, FilterType } from './filter-types';

/** What a page adds to a contract list field for the filter drawer: words, never rules. */
export interface FilterFieldLabels {
  /** The field's label in the drawer. */
  alias: string;
  /** The choices of a text or number field, each with its label. */
  options?: FilterOption[];
  /** Labels of a bool field's two states. */
  on?: string;
  off?: string;
  /**
   * Another control than the field's usual one: `check_list` to pick several choices, or `day`,
   * `month`, `year` for one period of a time field. It must be one the contract's operators allow.
   */
  type?: Exclude<FilterType, 'submit'>;
  /** dayjs format of a period's value. */
  format?: string;
  /**
   * The operator an option control sends instead of `eq`, e.g. `gte` for "at least" choices of a
   * number field (a size, a count). It must be one the contract's field takes.
   */
  operator?: FilterOperator;
}

/** The fields a page offers in its drawer, in drawer order; only fields the contract filters. */
export type FilterLabels<F extends ListFields> = { [K in FilterableField<F>]?: FilterFieldLabels };

/** The operator each control emits (see `toFilterItems`). */
const OPERATOR: Record<Exclude<FilterType, 'submit'>, FilterOperator> = {
  option: 'eq',
  check_list: 'in',
  bool: 'eq',
  range: 'between',
  day: 'between',
  month: 'between',
  year: 'between',
};

/**
 * A field's usual control, from what the contract says it holds: a bool field a yes/no switch, a
 * time field a date range, a text or number field one of its choices.
 */
function usualControl(
  name: string,
  field: ListField,
  labels: FilterFieldLabels,
): Exclude<FilterType, 'submit'> {
  if (field.kind === 'bool') return 'bool';
  if (field.kind === 'time') return 'range';
  if (labels.options) return 'option';
  throw new Error(
    `Filter ${name}: a ${field.kind} field needs its choices (options) to be offered in the drawer`,
  );
}

/** Whether a control suits what the field holds: ranges and periods send seconds, so only times. */
function controlFits(type: Exclude<FilterType, 'submit'>, field: ListField): boolean {
  if (type === 'bool') return field.kind === 'bool';
  if (OPERATOR[type] === 'between') return field.kind === 'time';
  return field.kind === 'text' || field.kind === 'number';
}

/**
 * The filter drawer's config for a list, derived from the fields its contract declares
 * (`defineListFields`): the control and the operator it emits come from the field's kind and
 * operators, the page gives only labels (and its choices' labels). A control the contract would
 * refuse (a check-list on a field without `in`, a range on a text) throws when the page is built,
 * so the drawer and the server cannot drift apart.
 */
export function filterConfigFrom<F extends ListFields>(fields: F, labels: FilterLabels<F>): FilterConfig {
  const config: FilterConfig = {};
  for (const [name, fieldLabels] of Object.entries(labels) as [string, FilterFieldLabels | undefined][]) {
    if (!fieldLabels) continue;
    const field = fields[name];
    if (!field) throw new Error(`Filter ${name}: the list's contract declares no such field`);
    const type = fieldLabels.type ?? usualControl(name, field, fieldLabels);
    if (fieldLabels.operator && type !== 'option')
      throw new Error(`Filter ${name}: only an option control sends another operator than its own`);
    const operator = fieldLabels.operator ?? OPERATOR[type];
    if (!field.filter?.includes(operator) || !controlFits(type, field)) {
      throw new Error(
        `Filter ${name}: a ${type} control sends ${operator}, which the contract's ${field.kind} field does not take`,
      );
    }
    // `opt` only where the page chose another operator; otherwise the type's own is emitted.
    const entry: FilterFieldConfig = { alias: fieldLabels.alias, type };
    if (fieldLabels.operator) entry.opt = fieldLabels.operator;
    if (fieldLabels.options) entry.options = fieldLabels.options;
    if (fieldLabels.on !== undefined) entry.on = fieldLabels.on;
    if (fieldLabels.off !== undefined) entry.off = fieldLabels.off;
    if (fieldLabels.format !== undefined) entry.format = fieldLabels.format;
    config[name] = entry;
  }
  return config;
}
