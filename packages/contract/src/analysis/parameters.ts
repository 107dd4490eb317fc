import { z } from 'zod';
import { zDay, zQuickRange } from '../analytics/query';

/**
 * A function's input parameters (spec section 3, "Input parameter definition"): key, alias, name
 * and `input_data` with the label, the type, a placeholder, the options (display, value) and a
 * `fixed` value. The dynamic parameter form draws them; the server checks the values with the
 * same rules (`checkParameterValues`) before a run, so a value the form would refuse is refused
 * with the same message naming the same field.
 */

export const PARAM_TYPES = [
  'str',
  'text',
  'list',
  'bool',
  'int',
  'float',
  'option',
  'check_list',
  'date',
] as const;
export const zParamType = z.enum(PARAM_TYPES);
export type ParamType = z.infer<typeof zParamType>;

/** Spec section 5, shared text: required parameters must be complete ('请把必须参数输入完整'). */
export const REQUIRED_PARAMETERS_MESSAGE = 'Required parameters must be complete';

/** Check-list values travel as one string, semicolon separated (spec section 5). */
export const PARAM_CHECK_LIST_SEPARATOR = ';';

/** Longest str / text / list entry a parameter takes. */
export const PARAM_STR_MAX = 200;
export const PARAM_TEXT_MAX = 5000;
export const PARAM_LIST_MAX = 100;

export const COMPARE_MODES = ['yoy', 'mom', 'preceding'] as const;
export const zCompareMode = z.enum(COMPARE_MODES);
export type CompareMode = z.infer<typeof zCompareMode>;

/**
 * A date parameter's value (spec section 3: startDate/endDate, compareStartDate/compareEndDate).
 * `range` keeps the quick range chosen, so a re-run of "last 30 days" reads the last 30 days of
 * the day it runs (the dates, when given with it, are what the picker showed; the range wins);
 * `compare` keeps the mode (YoY, MoM, Preceding) the compare dates came from. A stored default
 * is a range alone. It maps onto the query model's `date_range` and `compare`: the range (or the
 * two dates), and the mode (or the two compare dates).
 */
export const zDateParamValue = z
  .object({
    startDate: zDay.optional(),
    endDate: zDay.optional(),
    range: zQuickRange.optional(),
    compare: zCompareMode.optional(),
    compareStartDate: zDay.optional(),
    compareEndDate: zDay.optional(),
  })
  .refine(
    (value) => value.range !== undefined || (value.startDate !== undefined && value.endDate !== undefined),
    {
      message: 'Choose the dates',
      path: ['startDate'],
    },
  )
  .refine((value) => !value.startDate || !value.endDate || value.startDate <= value.endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  })
  .refine(
    (value) =>
      (value.compareStartDate === undefined) === (value.compareEndDate === undefined) &&
      (value.compareStartDate === undefined ||
        value.compareEndDate === undefined ||
        value.compareStartDate <= value.compareEndDate),
    { message: 'A comparison needs a start and an end, the start first', path: ['compareEndDate'] },
  );
export type DateParamValue = z.infer<typeof zDateParamValue>;

export const zParamValue = z.union([
  z.string().max(PARAM_TEXT_MAX),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(PARAM_STR_MAX)).max(PARAM_LIST_MAX),
  zDateParamValue,
  z.null(),
]);
export type ParamValue = z.infer<typeof zParamValue>;

export const zParamOption = z.object({ display: z.string(), value: z.string() });
export type ParamOption = z.infer<typeof zParamOption>;

export const zInputParameter = z.object({
  /** The name a workflow reads the value by. */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  /** A short name for the value in summaries and history ("Period", "Metric"). */
  alias: z.string(),
  /** What the form calls it (in the reader's language). */
  name: z.string(),
  required: z.boolean(),
  input_data: z.object({
    label: z.string(),
    type: zParamType,
    placeholder: z.string().optional(),
    options: z.array(zParamOption).optional(),
    /** A value the function always uses: shown, not editable, and what the server runs with. */
    fixed: zParamValue.optional(),
    /** The value the form starts with. */
    default: zParamValue.optional(),
    /** int and float: the smallest and largest value taken. */
    min: z.number().optional(),
    max: z.number().optional(),
    /** date: offer the comparison modes (YoY, MoM, Preceding). */
    compare: z.boolean().optional(),
  }),
});
export type InputParameter = z.infer<typeof zInputParameter>;

export type ParamValues = Record<string, ParamValue>;

/** What a value means for "is it filled": blank strings, empty lists and null are not. */
export function isBlankParam(value: ParamValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A check list's chosen values (semicolon separated, blanks dropped). */
export function checkListValues(value: string): string[] {
  return value
    .split(PARAM_CHECK_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A refusal's message is a msgid; `values` fill its placeholders (`At least {{min}}`). */
type Checked =
  | { ok: true; value: ParamValue }
  | { ok: false; message: string; values?: Record<string, string | number> };

function checkOne(param: InputParameter, value: ParamValue): Checked {
  const { type, options = [], min, max } = param.input_data;
  const allowed = new Set(options.map((option) => option.value));
  const within = (n: number): Checked => {
    if (min !== undefined && n < min) return { ok: false, message: 'At least {{min}}', values: { min } };
    if (max !== undefined && n > max) return { ok: false, message: 'At most {{max}}', values: { max } };
    return { ok: true, value: n };
  };
  switch (type) {
    case 'str':
    case 'text': {
      if (typeof value !== 'string') return { ok: false, message: 'Enter text' };
      const limit = type === 'str' ? PARAM_STR_MAX : PARAM_TEXT_MAX;
      if (value.length > limit) return { ok: false, message: 'Input exceeds maximum length' };
      return { ok: true, value: type === 'str' ? value.trim() : value };
    }
    case 'list': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\n,;]/) : null;
      if (!items) return { ok: false, message: 'Enter a list' };
      const clean = items.map((item) => item.trim()).filter(Boolean);
      if (clean.length > PARAM_LIST_MAX)
        return {
          ok: false,
          message: 'At most {{count}} entries',
          values: { count: PARAM_LIST_MAX, defaultValue_one: 'At most {{count}} entry' },
        };
      if (clean.some((item) => item.length > PARAM_STR_MAX))
        return { ok: false, message: 'Input exceeds maximum length' };
      return { ok: true, value: clean };
    }
    case 'bool':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: 'Yes or no' };
    case 'int': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return { ok: false, message: 'A whole number' };
      return within(n);
    }
    case 'float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { ok: false, message: 'A number' };
      return within(n);
    }
    case 'option':
      if (typeof value !== 'string' || !allowed.has(value))
        return { ok: false, message: 'Choose one of the options' };
      return { ok: true, value };
    case 'check_list': {
      const chosen = Array.isArray(value) ? value : typeof value === 'string' ? checkListValues(value) : null;
      if (!chosen) return { ok: false, message: 'Choose from the options' };
      if (chosen.some((choice) => !allowed.has(choice)))
        return { ok: false, message: 'Choose from the options' };
      return { ok: true, value: [...new Set(chosen)].join(PARAM_CHECK_LIST_SEPARATOR) };
    }
    case 'date': {
      const parsed = zDateParamValue.safeParse(value);
      if (!parsed.success)
        return { ok: false, message: parsed.error.issues[0]?.message ?? 'Choose the dates' };
      if (!param.input_data.compare && (parsed.data.compare || parsed.data.compareStartDate)) {
        return { ok: false, message: 'This date takes no comparison' };
      }
      return { ok: true, value: parsed.data };
    }
  }
}

export interface CheckedParameters {
  /** Each parameter's value as the function runs with it (fixed values applied, defaults filled). */
  values: ParamValues;
  /** By parameter key: why its value is refused (a msgid). */
  errors: Record<string, string>;
  /** By parameter key: the numbers its refusal's msgid names (`{{min}}`, `{{max}}`, `{{count}}`). */
  errorValues: Record<string, Record<string, string | number>>;
  /** Some required parameter is blank: the form says REQUIRED_PARAMETERS_MESSAGE. */
  incomplete: boolean;
}

/**
 * The one rule for a function's inputs, in the form and on the server: a `fixed` value always
 * wins; a blank optional parameter takes its default (or stays out); a blank required parameter
 * makes the inputs incomplete; every other value is checked by its type. Keys the function does
 * not have are ignored.
 */
export function checkParameterValues(
  params: InputParameter[],
  given: Record<string, unknown>,
): CheckedParameters {
  const values: ParamValues = {};
  const errors: Record<string, string> = {};
  const errorValues: Record<string, Record<string, string | number>> = {};
  let incomplete = false;
  for (const param of params) {
    const { fixed, default: fallback } = param.input_data;
    const raw = fixed !== undefined ? fixed : (given[param.key] as ParamValue | undefined);
    const value = isBlankParam(raw) ? fallback : raw;
    if (value === undefined || isBlankParam(value)) {
      if (param.required) {
        incomplete = true;
        errors[param.key] = REQUIRED_PARAMETERS_MESSAGE;
      }
      continue;
    }
    const checked = checkOne(param, value);
    if (checked.ok) values[param.key] = checked.value;
    else {
      errors[param.key] = checked.message;
      if (checked.values) errorValues[param.key] = checked.values;
    }
  }
  return { values, errors, errorValues, incomplete };
}
