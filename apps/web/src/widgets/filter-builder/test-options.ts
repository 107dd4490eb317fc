import type { FilterOptionDef } from '@app/contract/analysis/filter-options';

/** One option of every filter_value_type, under two categories, as the analysis API lists them. */
export const testOptions: FilterOptionDef[] = [
  {
    category: 'Dimensions',
    fields: [
      { field: 'campaign', name: 'Campaign' },
      { field: 'page', name: 'Page' },
    ],
    operators: ['contains', 'eq', 'ne', 'not_contains', 'in', 'between'],
    filter_value_type: 'string',
  },
  {
    category: 'Dimensions',
    fields: [{ field: 'device', name: 'Device' }],
    operators: ['eq', 'ne', 'in'],
    filter_value_type: 'option',
    value: [
      { display: 'All', value: 'all' },
      { display: 'Desktop', value: 'desktop' },
      { display: 'Mobile', value: 'mobile' },
    ],
  },
  {
    category: 'Dimensions',
    fields: [{ field: 'country', name: 'Country' }],
    operators: ['in', 'not_in'],
    filter_value_type: 'check_list',
    value: [
      { display: 'All', value: 'all' },
      { display: 'China', value: 'CN' },
      { display: 'France', value: 'FR' },
      { display: 'Hong Kong', value: 'HK' },
    ],
  },
  {
    category: 'Dimensions',
    fields: [{ field: 'channel', name: 'Channel' }],
    operators: ['in'],
    filter_value_type: 'check_list',
    value: [
      { display: 'Search', value: 'search' },
      { display: 'Display', value: 'display' },
    ],
  },
  {
    category: 'Metrics',
    fields: [{ field: 'clicks', name: 'Clicks' }],
    operators: ['gt', 'gte', 'lt', 'lte', 'eq', 'between', 'in'],
    filter_value_type: 'int',
  },
  {
    category: 'Metrics',
    fields: [{ field: 'ctr', name: 'CTR' }],
    operators: ['gte', 'lte', 'between'],
    filter_value_type: 'float',
  },
  {
    category: 'Metrics',
    fields: [{ field: 'label', name: 'Label' }],
    operators: ['eq'],
    filter_value_type: 'str',
  },
];
