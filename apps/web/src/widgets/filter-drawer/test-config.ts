import type { FilterConfig } from './filter-types';

/** A config with one field of every type, shared by the filter tests. */
export const everyTypeConfig: FilterConfig = {
  status: {
    alias: 'Status',
    type: 'option',
    options: [
      { name: 'Active', value: 'active' },
      { name: 'Banned', value: 'banned' },
    ],
  },
  role: {
    alias: 'Role',
    type: 'check_list',
    options: [
      { name: 'Admin', value: 'admin' },
      { name: 'Operator', value: 'operator' },
      { name: 'User', value: 'user' },
    ],
  },
  verified: { alias: 'E-mail verified', type: 'bool', on: 'Verified', off: 'Not verified' },
  signup_day: { alias: 'Sign-up day', type: 'day' },
  signup_month: { alias: 'Sign-up month', type: 'month' },
  signup_year: { alias: 'Sign-up year', type: 'year' },
  created_at: { alias: 'Created', type: 'range' },
  go: { alias: 'Search', type: 'submit' },
};
