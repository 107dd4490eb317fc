import type { OperationRecord } from '@app/contract/admin/logs/operation-record';

function show(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * One line per field an operation touched, `field: before → after`, for the audit table. Fields
 * equal on both sides are left out; a side that is missing shows as ∅.
 */
export function changeSummary(record: Pick<OperationRecord, 'before' | 'after'>): string[] {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) =>
      record.before && record.after
        ? `${field}: ${show(before[field])} → ${show(after[field])}`
        : `${field}: ${show(record.after ? after[field] : before[field])}`,
    );
}
