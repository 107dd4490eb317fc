import { z } from 'zod';

/** Spec section 2 "Filter drawer": the control types a field can have. */
export const FILTER_TYPES = [
  'submit',
  'option',
  'check_list',
  'bool',
  'day',
  'month',
  'year',
  'range',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** The choice meaning "no filter" in option and check-list fields (spec section 4). */
export const ALL = 'all';

/** Check-list choices travel as one string, semicolon separated (spec section 5). */
export const CHECK_LIST_SEPARATOR = ';';

export interface FilterOption {
  name: string;
  value: string;
  is_default?: boolean;
  img_url?: string;
}

/** Spec section 3 "Filter config per field". `submit` names the drawer's apply button. */
export interface FilterFieldConfig {
  alias: string;
  type: FilterType;
  options?: FilterOption[];
  /** Operator for the emitted item, e.g. 'eq', 'in', 'between'. */
  opt?: string;
  /** dayjs format of a day/month/year value (and how a range is shown). */
  format?: string;
  /** Labels of a bool field's two states. */
  on?: string;
  off?: string;
}

/** Keyed by the field the filter applies to; drawer order is key order. */
export type FilterConfig = Record<string, FilterFieldConfig>;

/** Spec section 3 "Filter value"; ranges hold start_time and end_time in seconds. */
export const zFilterValue = z.object({
  value: z.union([z.string().max(2000), z.boolean(), z.null()]),
  type: z.enum(FILTER_TYPES),
  opt: z.string().max(16).optional(),
  format: z.string().max(40).optional(),
  start_time: z.number().int().optional(),
  end_time: z.number().int().optional(),
});
export type FilterValue = z.infer<typeof zFilterValue>;

export type FilterValues = Record<string, FilterValue>;
