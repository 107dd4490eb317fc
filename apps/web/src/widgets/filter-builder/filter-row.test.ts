import { describe, expect, it } from 'vitest';
import { fieldChoiceGroups, findFieldOption } from './field-options';
import { createFilterRow, valueShape, withField, withOperator } from './filter-row';
import { nextListChoices } from './list-choices';
import { testOptions } from './test-options';

describe('fieldChoiceGroups', () => {
  it('lists the fields under their category, in the order given', () => {
    expect(
      fieldChoiceGroups(testOptions).map((group) => [group.label, group.options.map((field) => field.label)]),
    ).toEqual([
      ['Dimensions', ['Campaign', 'Page', 'Device', 'Country', 'Channel']],
      ['Metrics', ['Clicks', 'CTR', 'Label']],
    ]);
  });

  it('finds the option a field belongs to', () => {
    expect(findFieldOption(testOptions, 'page')?.filter_value_type).toBe('string');
    expect(findFieldOption(testOptions, 'nope')).toBeUndefined();
    expect(findFieldOption(testOptions, null)).toBeUndefined();
  });
});

describe('withField: the operator list follows the field chosen', () => {
  it("takes the new field's type and first operator", () => {
    const row = withField(createFilterRow(), testOptions, 'clicks');
    expect(row).toMatchObject({ field: 'clicks', type: 'int', operator: 'gt', value: null });
    expect(withField(row, testOptions, 'country')).toMatchObject({
      field: 'country',
      type: 'check_list',
      operator: 'in',
    });
  });

  it('changing field resets operator and value', () => {
    const row = {
      ...withField(createFilterRow(), testOptions, 'clicks'),
      operator: 'between' as const,
      value: [1, 9],
    };
    const changed = withField(row, testOptions, 'campaign');
    expect(changed.operator).toBe('contains');
    expect(changed.value).toBeNull();
  });

  it("starts at 'all' where the field offers it (spec section 4), else empty", () => {
    expect(withField(createFilterRow(), testOptions, 'country').value).toEqual(['all']);
    expect(withField(createFilterRow(), testOptions, 'channel').value).toEqual([]);
    expect(withField(createFilterRow(), testOptions, 'device').value).toBe('all');
  });

  it('keeps the connector', () => {
    expect(withField(createFilterRow('or'), testOptions, 'clicks').connect_pre_filter).toBe('or');
  });
});

describe('withOperator', () => {
  it('keeps the value while the control stays the same', () => {
    const row = { ...withField(createFilterRow(), testOptions, 'clicks'), value: 7 };
    expect(withOperator(row, findFieldOption(testOptions, 'clicks'), 'lte').value).toBe(7);
  });

  it("clears it when the control changes (one value -> 'between' -> a list)", () => {
    const option = findFieldOption(testOptions, 'clicks');
    const row = { ...withField(createFilterRow(), testOptions, 'clicks'), value: 7 };
    const between = withOperator(row, option, 'between');
    expect(between.value).toEqual([null, null]);
    expect(withOperator(between, option, 'in').value).toEqual([]);
  });
});

describe('valueShape', () => {
  it("check-lists take a list whatever the operator; 'in' and 'not_in' a list; 'between' a pair", () => {
    expect(valueShape('check_list', 'eq')).toBe('list');
    expect(valueShape('string', 'not_in')).toBe('list');
    expect(valueShape('int', 'between')).toBe('pair');
    expect(valueShape('float', 'gte')).toBe('one');
  });
});

describe("nextListChoices: the 'all' rule (spec section 4)", () => {
  it("selecting 'all' clears the others", () => {
    expect(nextListChoices(['CN', 'FR'], ['CN', 'FR', 'all'], true)).toEqual(['all']);
  });

  it("choosing another removes 'all'", () => {
    expect(nextListChoices(['all'], ['all', 'CN'], true)).toEqual(['CN']);
  });

  it("nothing left is 'all' again", () => {
    expect(nextListChoices(['CN'], [], true)).toEqual(['all']);
    expect(nextListChoices(['CN', 'FR'], [], true)).toEqual(['all']);
  });

  it("without an 'all' choice the list is taken as chosen", () => {
    expect(nextListChoices(['search'], [], false)).toEqual([]);
    expect(nextListChoices(['search'], ['search', 'display'], false)).toEqual(['search', 'display']);
  });
});
