import { describe, expect, it } from 'vitest';
import { fieldKeys, inferColumns, inferType } from './dataset-infer';

describe('dataset column types are inferred from the values', () => {
  it('dates, numbers, percentages and currency; anything mixed is text; blanks do not count', () => {
    expect(inferType(['2026-11-01', '2026/11/02', ''])).toBe('date');
    expect(inferType(['1,234', '-5', '3.25', null])).toBe('number');
    expect(inferType(['12.5%', '0%', '100 %'])).toBe('percent');
    expect(inferType(['$1,234.50', '$0.99', '€12'])).toBe('currency');
    expect(inferType(['12', 'n/a'])).toBe('text');
    expect(inferType(['', null])).toBe('text');
    expect(inferType(['11/01/2026'])).toBe('text');
  });

  it('headers become unique lower-case keys; date and property are kept for the store', () => {
    expect(fieldKeys(['Sessions', 'Sessions', 'Cost (€)', '', '2026 budget', 'Date', 'Property'])).toEqual([
      'sessions',
      'sessions_2',
      'cost',
      'col_4',
      'col_2026_budget',
      'date_2',
      'property_2',
    ]);
  });

  it('a preview names and types every column, in file order', () => {
    const columns = inferColumns(
      ['Day', 'Channel', 'Spend'],
      [
        ['2026-11-01', 'organic', '$10.00'],
        ['2026-11-02', 'paid', '$12.50'],
      ],
    );
    expect(columns).toEqual([
      { index: 0, key: 'day', name: 'Day', type: 'date' },
      { index: 1, key: 'channel', name: 'Channel', type: 'text' },
      { index: 2, key: 'spend', name: 'Spend', type: 'currency' },
    ]);
  });
});
