import type { ValueFormatterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { ledgerColumns } from './ledger-columns';
import type { CreditEntry } from './subscription-api';

/** A translation that marks what it translated, so the test sees which texts went through it. */
const t = (msgid: string) => `«${msgid}»`;

function note(value: string): unknown {
  const column = ledgerColumns(t).find((def) => def.field === 'note');
  const format = column?.valueFormatter;
  expect(typeof format).toBe('function');
  return (format as (params: Partial<ValueFormatterParams<CreditEntry>>) => unknown)({ value });
}

describe('the credit history note', () => {
  it("a grant's note naming a seeded plan reads in the reader's language", () => {
    expect(note('Pro')).toBe('«Pro»');
    expect(note('Free')).toBe('«Free»');
  });

  it('an order number, a function or an operator’s reason shows as written', () => {
    expect(note('ORD-20260101-0001')).toBe('ORD-20260101-0001');
    expect(note('Goodwill after the outage')).toBe('Goodwill after the outage');
  });
});
