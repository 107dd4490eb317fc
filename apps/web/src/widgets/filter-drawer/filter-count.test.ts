import { describe, expect, it } from 'vitest';
import { filterCount } from './filter-count';
import type { FilterConfig } from './filter-types';
import { everyTypeConfig } from './test-config';

describe('filterCount (spec section 4)', () => {
  it('counts active non-default selections', () => {
    expect(filterCount(everyTypeConfig, {})).toBe(0);
    expect(
      filterCount(everyTypeConfig, {
        status: { type: 'option', value: 'banned' },
        role: { type: 'check_list', value: 'admin;user' },
        verified: { type: 'bool', value: false },
        signup_month: { type: 'month', value: '2024-05' },
        created_at: { type: 'range', value: null, start_time: 1_700_000_000, end_time: 1_700_086_399 },
      }),
    ).toBe(5);
  });

  it("does not count 'all', empty values, half ranges or fields outside the config", () => {
    expect(
      filterCount(everyTypeConfig, {
        status: { type: 'option', value: 'all' },
        role: { type: 'check_list', value: 'all' },
        signup_day: { type: 'day', value: '' },
        created_at: { type: 'range', value: null, start_time: 1_700_000_000 },
        unknown: { type: 'option', value: 'x' },
      }),
    ).toBe(0);
  });

  it('does not count a field left at its is_default option, counts it once changed', () => {
    const config: FilterConfig = {
      plan: {
        alias: 'Plan',
        type: 'option',
        options: [
          { name: 'Free', value: 'free' },
          { name: 'Pro', value: 'pro', is_default: true },
        ],
      },
    };
    expect(filterCount(config, {})).toBe(0);
    expect(filterCount(config, { plan: { type: 'option', value: 'pro' } })).toBe(0);
    expect(filterCount(config, { plan: { type: 'option', value: 'free' } })).toBe(1);
  });

  it('a check-list default in another order is still the default', () => {
    const config: FilterConfig = {
      tags: {
        alias: 'Tags',
        type: 'check_list',
        options: [
          { name: 'A', value: 'a', is_default: true },
          { name: 'B', value: 'b', is_default: true },
        ],
      },
    };
    expect(filterCount(config, { tags: { type: 'check_list', value: 'b;a' } })).toBe(0);
  });
});
