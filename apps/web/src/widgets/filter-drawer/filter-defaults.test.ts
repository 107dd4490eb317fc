import { describe, expect, it } from 'vitest';
import { changedFilterValues, defaultFilterValues } from './filter-defaults';
import type { FilterConfig } from './filter-types';
import { everyTypeConfig } from './test-config';

describe('filter defaults (spec section 4)', () => {
  it("option filters default to 'all'", () => {
    const defaults = defaultFilterValues(everyTypeConfig);
    expect(defaults.status).toMatchObject({ type: 'option', value: 'all' });
  });

  it("check-lists default to 'all'", () => {
    expect(defaultFilterValues(everyTypeConfig).role).toMatchObject({ type: 'check_list', value: 'all' });
  });

  it('an option marked is_default is the default instead of all', () => {
    const config: FilterConfig = {
      plan: {
        alias: 'Plan',
        type: 'option',
        options: [
          { name: 'Free', value: 'free' },
          { name: 'Pro', value: 'pro', is_default: true },
        ],
      },
      tags: {
        alias: 'Tags',
        type: 'check_list',
        options: [
          { name: 'A', value: 'a', is_default: true },
          { name: 'B', value: 'b', is_default: true },
        ],
      },
    };
    expect(defaultFilterValues(config)).toEqual({
      plan: { type: 'option', value: 'pro' },
      tags: { type: 'check_list', value: 'a;b' },
    });
  });

  it('the other types start unset and submit is no filter', () => {
    const defaults = defaultFilterValues(everyTypeConfig);
    expect(defaults.verified?.value).toBeNull();
    expect(defaults.signup_month?.value).toBeNull();
    expect(defaults.created_at).toMatchObject({ value: null });
    expect(defaults.go).toBeUndefined();
  });

  it('keeps only the values that differ from their defaults (what goes in the URL)', () => {
    const changed = changedFilterValues(everyTypeConfig, {
      status: { type: 'option', value: 'all' },
      role: { type: 'check_list', value: 'admin' },
      stale: { type: 'option', value: 'x' },
    });
    expect(Object.keys(changed)).toEqual(['role']);
  });
});
