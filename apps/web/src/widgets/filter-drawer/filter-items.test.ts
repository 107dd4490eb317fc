import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFilterItems } from './filter-items';
import type { FilterConfig } from './filter-types';
import { everyTypeConfig } from './test-config';

const seconds = (text: string) => dayjs(text).unix();

describe('toFilterItems (spec section 3 "Emitted filter item", section 5)', () => {
  it("option -> its opt, else 'eq'", () => {
    expect(toFilterItems(everyTypeConfig, { status: { type: 'option', value: 'banned' } })).toEqual([
      { connect_pre_filter: 'and', field: 'status', operator: 'eq', value: 'banned' },
    ]);
    const config: FilterConfig = { name: { alias: 'Name', type: 'option', opt: 'ne', options: [] } };
    expect(toFilterItems(config, { name: { type: 'option', value: 'x' } })[0]?.operator).toBe('ne');
  });

  it("an unknown opt falls back to 'eq' rather than failing the list call", () => {
    const config: FilterConfig = { name: { alias: 'Name', type: 'option', opt: 'like', options: [] } };
    expect(toFilterItems(config, { name: { type: 'option', value: 'x' } })[0]?.operator).toBe('eq');
  });

  it("check_list -> 'in' with the choices semicolon separated", () => {
    expect(toFilterItems(everyTypeConfig, { role: { type: 'check_list', value: 'admin;user' } })).toEqual([
      { connect_pre_filter: 'and', field: 'role', operator: 'in', value: 'admin;user' },
    ]);
  });

  it("bool -> 'eq' true or false", () => {
    expect(toFilterItems(everyTypeConfig, { verified: { type: 'bool', value: true } })).toEqual([
      { connect_pre_filter: 'and', field: 'verified', operator: 'eq', value: true },
    ]);
    expect(toFilterItems(everyTypeConfig, { verified: { type: 'bool', value: false } })[0]?.value).toBe(
      false,
    );
  });

  it("day, month and year -> 'between' the period's first and last second", () => {
    const items = toFilterItems(everyTypeConfig, {
      signup_day: { type: 'day', value: '2024-05-17' },
      signup_month: { type: 'month', value: '2024-02' },
      signup_year: { type: 'year', value: '2023' },
    });
    expect(items).toEqual([
      {
        connect_pre_filter: 'and',
        field: 'signup_day',
        operator: 'between',
        value: `${seconds('2024-05-17T00:00:00')};${seconds('2024-05-17T23:59:59')}`,
      },
      {
        connect_pre_filter: 'and',
        field: 'signup_month',
        operator: 'between',
        value: `${seconds('2024-02-01T00:00:00')};${seconds('2024-02-29T23:59:59')}`,
      },
      {
        connect_pre_filter: 'and',
        field: 'signup_year',
        operator: 'between',
        value: `${seconds('2023-01-01T00:00:00')};${seconds('2023-12-31T23:59:59')}`,
      },
    ]);
  });

  it('reads a period in the format the config gives', () => {
    const config: FilterConfig = { month: { alias: 'Month', type: 'month', format: 'YYYY/MM' } };
    expect(toFilterItems(config, { month: { type: 'month', value: '2024/02' } })[0]?.value).toBe(
      `${seconds('2024-02-01T00:00:00')};${seconds('2024-02-29T23:59:59')}`,
    );
  });

  it("range -> 'between' start;end in seconds (in order, whichever was picked first)", () => {
    const range = { type: 'range' as const, value: null, start_time: 1_700_086_399, end_time: 1_700_000_000 };
    expect(toFilterItems(everyTypeConfig, { created_at: range })).toEqual([
      { connect_pre_filter: 'and', field: 'created_at', operator: 'between', value: '1700000000;1700086399' },
    ]);
  });

  it('empty values are dropped', () => {
    expect(
      toFilterItems(everyTypeConfig, {
        status: { type: 'option', value: 'all' },
        role: { type: 'check_list', value: 'all' },
        verified: { type: 'bool', value: null },
        signup_day: { type: 'day', value: '' },
        signup_month: { type: 'month', value: 'not a month' },
        created_at: { type: 'range', value: null, start_time: 1_700_000_000 },
      }),
    ).toEqual([]);
  });

  it('emits an is_default option without the user touching it; fields outside the config are ignored', () => {
    const config: FilterConfig = {
      plan: { alias: 'Plan', type: 'option', options: [{ name: 'Pro', value: 'pro', is_default: true }] },
    };
    expect(toFilterItems(config, { other: { type: 'option', value: 'x' } })).toEqual([
      { connect_pre_filter: 'and', field: 'plan', operator: 'eq', value: 'pro' },
    ]);
  });

  it('the config owns each field type: a value saved under another type is read as the config says', () => {
    const items = toFilterItems(everyTypeConfig, { role: { type: 'option', value: 'admin;user' } });
    expect(items[0]?.operator).toBe('in');
  });

  it('without a config, values describe themselves', () => {
    expect(toFilterItems(undefined, { status: { type: 'option', value: 'active', opt: 'ne' } })).toEqual([
      { connect_pre_filter: 'and', field: 'status', operator: 'ne', value: 'active' },
    ]);
  });
});
