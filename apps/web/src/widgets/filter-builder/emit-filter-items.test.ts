import { MAX_FILTER_NUMBER, zFilterItem } from '@app/contract/list';
import { describe, expect, it } from 'vitest';
import { emitFilterItems } from './emit-filter-items';
import { createFilterRow, type FilterRow } from './filter-row';

function row(patch: Partial<FilterRow>): FilterRow {
  return { ...createFilterRow(), ...patch };
}

const item = (field: string, operator: string, value: string | number, connect = 'and') => ({
  connect_pre_filter: connect,
  field,
  operator,
  value,
});

describe('emitFilterItems: each value type (spec section 3, "Emitted filter item")', () => {
  it('int emits a whole number', () => {
    expect(emitFilterItems([row({ field: 'clicks', type: 'int', operator: 'gt', value: 10 })])).toEqual([
      item('clicks', 'gt', 10),
    ]);
    expect(
      emitFilterItems([row({ field: 'clicks', type: 'int', operator: 'gt', value: 10.6 })])[0]?.value,
    ).toBe(11);
  });

  it('float emits a number, not text', () => {
    expect(emitFilterItems([row({ field: 'ctr', type: 'float', operator: 'gte', value: 0.25 })])).toEqual([
      item('ctr', 'gte', 0.25),
    ]);
    expect(
      emitFilterItems([row({ field: 'ctr', type: 'float', operator: 'gte', value: '0.5' })])[0]?.value,
    ).toBe(0.5);
  });

  it('string and str emit the text typed, without surrounding spaces', () => {
    expect(
      emitFilterItems([
        row({ field: 'campaign', type: 'string', operator: 'contains', value: '  spring sale ' }),
        row({ field: 'label', type: 'str', operator: 'eq', value: 'brand' }),
      ]),
    ).toEqual([item('campaign', 'contains', 'spring sale'), item('label', 'eq', 'brand')]);
  });

  it('option emits the chosen value with the chosen operator', () => {
    expect(
      emitFilterItems([row({ field: 'device', type: 'option', operator: 'ne', value: 'mobile' })]),
    ).toEqual([item('device', 'ne', 'mobile')]);
  });

  it('numbers are bounded by MAX_FILTER_NUMBER, so the API never refuses them', () => {
    const items = emitFilterItems([
      row({ field: 'clicks', type: 'int', operator: 'lt', value: 1e300 }),
      row({ field: 'ctr', type: 'float', operator: 'gte', value: -1e300 }),
    ]);
    expect(items.map((emitted) => emitted.value)).toEqual([MAX_FILTER_NUMBER, -MAX_FILTER_NUMBER]);
    for (const emitted of items) expect(zFilterItem.safeParse(emitted).success).toBe(true);
  });
});

describe('emitFilterItems: check-lists (spec section 5: semicolon separated)', () => {
  it("check_list choices are joined with ';' and emitted with 'in'", () => {
    expect(
      emitFilterItems([
        row({ field: 'country', type: 'check_list', operator: 'in', value: ['CN', 'FR', 'HK'] }),
      ]),
    ).toEqual([item('country', 'in', 'CN;FR;HK')]);
  });

  it("a check_list with a negative operator is emitted with 'not_in'", () => {
    expect(
      emitFilterItems([row({ field: 'country', type: 'check_list', operator: 'not_in', value: ['CN'] })]),
    ).toEqual([item('country', 'not_in', 'CN')]);
    expect(
      emitFilterItems([row({ field: 'country', type: 'check_list', operator: 'ne', value: ['CN', 'FR'] })]),
    ).toEqual([item('country', 'not_in', 'CN;FR')]);
  });

  it("a check_list whose operator is 'eq' still matches the set with 'in'", () => {
    expect(
      emitFilterItems([
        row({ field: 'country', type: 'check_list', operator: 'eq', value: ['CN', 'FR'] }),
      ])[0],
    ).toEqual(item('country', 'in', 'CN;FR'));
  });

  it("'in' on a typed field joins its values with ';' too", () => {
    expect(
      emitFilterItems([
        row({ field: 'campaign', type: 'string', operator: 'in', value: ['spring', ' summer '] }),
        row({ field: 'clicks', type: 'int', operator: 'in', value: ['1', '2.4', 'x'] }),
      ]),
    ).toEqual([item('campaign', 'in', 'spring;summer'), item('clicks', 'in', '1;2')]);
  });
});

describe("emitFilterItems: 'between'", () => {
  it("takes two values emitted as 'a;b'", () => {
    expect(
      emitFilterItems([row({ field: 'clicks', type: 'int', operator: 'between', value: [10, 20] })]),
    ).toEqual([item('clicks', 'between', '10;20')]);
    expect(
      emitFilterItems([row({ field: 'page', type: 'string', operator: 'between', value: ['/a', '/m'] })])[0]
        ?.value,
    ).toBe('/a;/m');
  });

  it('numbers entered backwards still mean the span between them', () => {
    expect(
      emitFilterItems([row({ field: 'ctr', type: 'float', operator: 'between', value: [0.9, 0.1] })])[0]
        ?.value,
    ).toBe('0.1;0.9');
  });
});

describe('emitFilterItems: empty rows are dropped (spec section 5)', () => {
  it('drops rows missing a field, an operator or a value', () => {
    expect(
      emitFilterItems([
        createFilterRow(),
        row({ field: 'clicks', type: 'int', operator: null, value: 3 }),
        row({ field: 'clicks', type: 'int', operator: 'gt', value: null }),
        row({ field: 'campaign', type: 'string', operator: 'eq', value: '' }),
        row({ field: 'campaign', type: 'string', operator: 'eq', value: '   ' }),
        row({ field: 'clicks', type: 'int', operator: 'between', value: [1, null] }),
        row({ field: 'country', type: 'check_list', operator: 'in', value: [] }),
      ]),
    ).toEqual([]);
  });

  it("drops option and check-list rows left at 'all', which filters nothing", () => {
    expect(
      emitFilterItems([
        row({ field: 'device', type: 'option', operator: 'eq', value: 'all' }),
        row({ field: 'country', type: 'check_list', operator: 'in', value: ['all'] }),
      ]),
    ).toEqual([]);
  });

  it('keeps zero, which is a value', () => {
    expect(emitFilterItems([row({ field: 'clicks', type: 'int', operator: 'eq', value: 0 })])).toEqual([
      item('clicks', 'eq', 0),
    ]);
  });
});

describe('emitFilterItems: connectors', () => {
  it("connect_pre_filter defaults to 'and'", () => {
    expect(createFilterRow().connect_pre_filter).toBe('and');
    const items = emitFilterItems([
      row({ field: 'clicks', type: 'int', operator: 'gt', value: 1 }),
      row({ field: 'ctr', type: 'float', operator: 'gt', value: 0.1 }),
    ]);
    expect(items.map((emitted) => emitted.connect_pre_filter)).toEqual(['and', 'and']);
  });

  it("an 'or' connector is kept", () => {
    const items = emitFilterItems([
      row({ field: 'clicks', type: 'int', operator: 'gt', value: 1 }),
      row({ connect_pre_filter: 'or', field: 'ctr', type: 'float', operator: 'gt', value: 0.1 }),
    ]);
    expect(items[1]).toEqual(item('ctr', 'gt', 0.1, 'or'));
  });

  it("the first item emitted joins nothing, so it is 'and' even when the rows before it were dropped", () => {
    const items = emitFilterItems([
      row({ field: 'clicks', type: 'int', operator: 'gt', value: null }),
      row({ connect_pre_filter: 'or', field: 'ctr', type: 'float', operator: 'gt', value: 0.1 }),
    ]);
    expect(items).toEqual([item('ctr', 'gt', 0.1)]);
  });

  it('every item emitted passes the contract', () => {
    const items = emitFilterItems([
      row({ field: 'clicks', type: 'int', operator: 'between', value: [5, 1] }),
      row({
        connect_pre_filter: 'or',
        field: 'country',
        type: 'check_list',
        operator: 'in',
        value: ['CN', 'FR'],
      }),
      row({ field: 'campaign', type: 'string', operator: 'contains', value: 'sale' }),
    ]);
    expect(items).toHaveLength(3);
    for (const emitted of items) expect(zFilterItem.parse(emitted)).toEqual(emitted);
  });
});
