import { z } from 'zod';
import { zFilterOperator } from '../list';

/**
 * What the filter builder offers (spec section 3, "Filter option": category, fields, operators,
 * filter_value_type, value). One option is one field a query can be filtered by: the category it
 * is listed under (a source's dimensions or metrics), the field, the operators that make sense
 * for it, how its value is entered, and for `option` and `check_list` the values to choose from.
 * The builder emits the spec's filter items (`{ connect_pre_filter, field, operator, value }`),
 * which the query model compiles to bound SQL.
 */

export const FILTER_VALUE_TYPES = ['int', 'float', 'string', 'str', 'option', 'check_list'] as const;
export const zFilterValueType = z.enum(FILTER_VALUE_TYPES);
export type FilterValueType = z.infer<typeof zFilterValueType>;

export const zFilterOptionValue = z.object({ display: z.string(), value: z.string() });

export const zFilterOption = z.object({
  /** Where the field is listed ("Dimensions", "Metrics", in the reader's language). */
  category: z.string(),
  /** The fields of this category, each with the name shown for it. */
  fields: z.array(z.object({ field: z.string(), name: z.string() })).min(1),
  operators: z.array(zFilterOperator).min(1),
  filter_value_type: zFilterValueType,
  /** The values to pick from (option and check_list). */
  value: z.array(zFilterOptionValue).optional(),
});
export type FilterOptionDef = z.infer<typeof zFilterOption>;
