import { defineListFields } from '@app/contract/list';
import { describe, expect, it } from 'vitest';
import { filterConfigFrom } from './filter-config-from-fields';
import { toFilterItems } from './filter-items';

const fields = defineListFields({
  role: { kind: 'text', filter: ['eq', 'in'] },
  level: { kind: 'text', filter: ['eq'] },
  banned: { kind: 'bool', filter: ['eq'] },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  name: { kind: 'text', filter: ['contains'] },
  size: { kind: 'number', filter: ['gte', 'lte'] },
});

const ROLES = [
  { name: 'Admin', value: 'admin' },
  { name: 'User', value: 'user' },
];

describe('filterConfigFrom: the filter drawer derived from the contract list fields', () => {
  it("takes each control from the field's kind: bool a switch, time a range, text with choices one choice", () => {
    const config = filterConfigFrom(fields, {
      level: { alias: 'Level', options: ROLES },
      banned: { alias: 'Banned', on: 'Banned', off: 'Not banned' },
      created_at: { alias: 'Created' },
    });
    expect(config).toEqual({
      level: { alias: 'Level', type: 'option', options: ROLES },
      banned: { alias: 'Banned', type: 'bool', on: 'Banned', off: 'Not banned' },
      created_at: { alias: 'Created', type: 'range' },
    });
  });

  it("keeps the page's order and offers only the fields the page labels", () => {
    const config = filterConfigFrom(fields, {
      created_at: { alias: 'Created' },
      banned: { alias: 'Banned' },
    });
    expect(Object.keys(config)).toEqual(['created_at', 'banned']);
  });

  it('lets a page pick several choices where the contract takes `in`, or one period of a time', () => {
    const config = filterConfigFrom(fields, {
      role: { alias: 'Role', type: 'check_list', options: ROLES },
      created_at: { alias: 'Month', type: 'month', format: 'YYYY-MM' },
    });
    expect(config.role?.type).toBe('check_list');
    expect(config.created_at).toEqual({ alias: 'Month', type: 'month', format: 'YYYY-MM' });
  });

  it('emits only operators the contract declares for each field', () => {
    const config = filterConfigFrom(fields, {
      role: { alias: 'Role', type: 'check_list', options: ROLES },
      level: { alias: 'Level', options: ROLES },
      banned: { alias: 'Banned' },
      created_at: { alias: 'Created' },
    });
    const items = toFilterItems(config, {
      role: { type: 'check_list', value: 'admin;user' },
      level: { type: 'option', value: 'user' },
      banned: { type: 'bool', value: true },
      created_at: { type: 'range', value: null, start_time: 10, end_time: 20 },
    });
    for (const item of items) {
      const declared: readonly string[] = fields[item.field as keyof typeof fields].filter;
      expect(declared).toContain(item.operator);
    }
    expect(items.map((item) => `${item.field} ${item.operator}`)).toEqual([
      'role in',
      'level eq',
      'banned eq',
      'created_at between',
    ]);
  });

  it('an option control may send the "at least" operator the contract takes for a number (a size)', () => {
    const config = filterConfigFrom(fields, {
      size: { alias: 'Size', operator: 'gte', options: [{ name: 'Over 1 MB', value: '1048576' }] },
    });
    expect(toFilterItems(config, { size: { type: 'option', value: '1048576' } })).toEqual([
      { connect_pre_filter: 'and', field: 'size', operator: 'gte', value: '1048576' },
    ]);
    // An operator the contract's field does not take is refused when the page is built.
    expect(() =>
      filterConfigFrom(fields, { level: { alias: 'Level', operator: 'gte', options: ROLES } }),
    ).toThrow(/does not take/);
  });

  it('refuses a control the contract would refuse, so the drawer cannot drift from the server', () => {
    // `level` takes eq only: several choices would send `in`.
    expect(() =>
      filterConfigFrom(fields, { level: { alias: 'Level', type: 'check_list', options: ROLES } }),
    ).toThrow(/check_list control sends in/);
    // A range sends seconds: not for a text field.
    expect(() => filterConfigFrom(fields, { role: { alias: 'Role', type: 'range' } })).toThrow(
      /range control/,
    );
    // Free text has no drawer control (the search box covers it), and `size` has no eq.
    expect(() => filterConfigFrom(fields, { name: { alias: 'Name' } })).toThrow(/needs its choices/);
    expect(() => filterConfigFrom(fields, { size: { alias: 'Size', options: [] } })).toThrow(
      /option control sends eq/,
    );
  });
});
