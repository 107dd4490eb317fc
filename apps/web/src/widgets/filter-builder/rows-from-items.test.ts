import type { FilterItem } from '@app/contract/list';
import { describe, expect, it } from 'vitest';
import { emitFilterItems } from './emit-filter-items';
import { rowsFromItems } from './rows-from-items';
import { testOptions } from './test-options';

describe('reading emitted filter items back into rows', () => {
  it('gives back exactly the items it read: text, numbers, lists split on semicolons, between, or', () => {
    const items: FilterItem[] = [
      { connect_pre_filter: 'and', field: 'campaign', operator: 'in', value: 'Brand;Spring sale' },
      { connect_pre_filter: 'or', field: 'clicks', operator: 'gt', value: 100 },
      { connect_pre_filter: 'and', field: 'clicks', operator: 'between', value: '10;20' },
      { connect_pre_filter: 'and', field: 'country', operator: 'in', value: 'CN;FR' },
    ];
    const rows = rowsFromItems(items, testOptions);
    expect(rows.map((row) => row.value)).toEqual([['Brand', 'Spring sale'], 100, [10, 20], ['CN', 'FR']]);
    expect(emitFilterItems(rows)).toEqual(items);
  });
});
