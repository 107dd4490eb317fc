import type {
  DateParamValue,
  InputParameter,
  ParamValue,
  ParamValues,
} from '@app/contract/analysis/parameters';

/**
 * What a parameter's field shows, and so what a submit checks: the fixed value, else the value
 * entered, else the default. A switch never touched shows "off", and off is what it then means,
 * so a required yes/no question is never refused while it looks answered.
 */
export function shownParamValue(param: InputParameter, values: ParamValues): ParamValue | undefined {
  const { fixed, default: fallback, type } = param.input_data;
  const shown = fixed ?? values[param.key] ?? fallback;
  return shown === undefined && type === 'bool' ? false : shown;
}

export function shownParamValues(params: InputParameter[], values: ParamValues): ParamValues {
  const shown: ParamValues = {};
  for (const param of params) {
    const value = shownParamValue(param, values);
    if (value !== undefined) shown[param.key] = value;
  }
  return shown;
}

/** A date parameter's value, when the value is one (the other value types are not objects). */
export function asDateValue(value: ParamValue | undefined): DateParamValue | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
