import {
  checkParameterValues,
  type InputParameter,
  REQUIRED_PARAMETERS_MESSAGE,
} from '@app/contract/analysis/parameters';
import { describe, expect, it } from 'vitest';

/** The one rule for a function's inputs (spec section 3 and 5), as the form and the server apply it. */

const param = (
  key: string,
  input: Partial<InputParameter['input_data']>,
  required = true,
): InputParameter => ({
  key,
  alias: key,
  name: key,
  required,
  input_data: { label: key, type: 'str', ...input },
});

describe('input parameter values', () => {
  it('a blank required parameter makes the inputs incomplete (请把必须参数输入完整); a blank optional one stays out', () => {
    const checked = checkParameterValues([param('name', {}), param('note', { type: 'text' }, false)], {
      name: '  ',
      note: '',
    });
    expect(checked.incomplete).toBe(true);
    expect(checked.errors).toEqual({ name: REQUIRED_PARAMETERS_MESSAGE });
    expect(checked.values).toEqual({});
  });

  it('a fixed value always wins over what was sent; a blank value takes the default', () => {
    const checked = checkParameterValues(
      [
        param('source', { type: 'option', options: [{ display: 'GA', value: 'ga' }], fixed: 'ga' }),
        param('limit', { type: 'int', default: 5 }),
      ],
      { source: 'gads', limit: '' },
    );
    expect(checked).toEqual({
      values: { source: 'ga', limit: 5 },
      errors: {},
      errorValues: {},
      incomplete: false,
    });
  });

  it('check lists are one semicolon-separated string of offered values, repeats dropped', () => {
    const options = ['a', 'b', 'c'].map((value) => ({ display: value, value }));
    const list = param('pick', { type: 'check_list', options });
    expect(checkParameterValues([list], { pick: 'a; b;;a' }).values).toEqual({ pick: 'a;b' });
    expect(checkParameterValues([list], { pick: ['c', 'a'] }).values).toEqual({ pick: 'c;a' });
    expect(checkParameterValues([list], { pick: 'a;z' }).errors).toEqual({ pick: 'Choose from the options' });
  });

  it('numbers are held to their type and bounds; int takes whole numbers only', () => {
    const params = [param('n', { type: 'int', min: 1, max: 10 }), param('x', { type: 'float' })];
    expect(checkParameterValues(params, { n: 2.5, x: 'abc' }).errors).toEqual({
      n: 'A whole number',
      x: 'A number',
    });
    // The refusal is a msgid with its number beside it, said in the reader's language.
    const over = checkParameterValues(params, { n: 11, x: '1.5' });
    expect(over.errors).toEqual({ n: 'At most {{max}}' });
    expect(over.errorValues).toEqual({ n: { max: 10 } });
    expect(checkParameterValues(params, { n: 0, x: '1.5' }).errorValues).toEqual({ n: { min: 1 } });
    expect(checkParameterValues(params, { n: '3', x: '1.5' }).values).toEqual({ n: 3, x: 1.5 });
  });

  it('a date is a quick range or a start and an end in order; a comparison only where the parameter offers one', () => {
    const plain = param('period', { type: 'date' });
    const compared = param('period', { type: 'date', compare: true });
    expect(checkParameterValues([plain], { period: { range: 'last_7_days' } }).errors).toEqual({});
    expect(
      checkParameterValues([plain], { period: { startDate: '2026-03-02', endDate: '2026-03-01' } }).errors,
    ).toEqual({
      period: 'The start date must not be after the end date',
    });
    expect(
      checkParameterValues([plain], { period: { range: 'last_7_days', compare: 'yoy' } }).errors,
    ).toEqual({
      period: 'This date takes no comparison',
    });
    expect(
      checkParameterValues([compared], { period: { range: 'last_7_days', compare: 'yoy' } }).values,
    ).toEqual({
      period: { range: 'last_7_days', compare: 'yoy' },
    });
  });
});
