import type { DatasetColumn, DatasetColumnType } from '@app/contract/analytics/datasets';
import { RESERVED_DATASET_KEYS } from './sources';

/**
 * Column types from sample values (the preview's first rows): the narrowest type every non-empty
 * value fits. The user may correct any of them before importing.
 */
const PATTERNS: [DatasetColumnType, RegExp][] = [
  ['date', /^\d{4}[-/]\d{2}[-/]\d{2}$/],
  ['percent', /^-?\d{1,3}(,\d{3})*(\.\d+)?\s?%$|^-?\d+(\.\d+)?\s?%$/],
  ['currency', /^-?[$€£¥]\s?-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?[$€£¥]\s?-?\d+(\.\d+)?$/],
  ['number', /^-?\d{1,3}(,\d{3})+(\.\d+)?$|^-?\d+(\.\d+)?([eE][-+]?\d+)?$/],
];

export function inferType(values: (string | null)[]): DatasetColumnType {
  const present = values.map((value) => value?.trim() ?? '').filter((value) => value !== '');
  if (present.length === 0) return 'text';
  for (const [type, pattern] of PATTERNS) if (present.every((value) => pattern.test(value))) return type;
  return 'text';
}

/** A header turned into a field key: lower-case letters, digits and `_`, unique in the table. */
export function fieldKeys(headers: (string | null)[]): string[] {
  const used = new Set<string>();
  return headers.map((header, i) => {
    let base = (header ?? '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50);
    if (!/^[a-z]/.test(base)) base = `col_${base || i + 1}`.replace(/_+$/, '');
    let key = base;
    for (let n = 2; used.has(key) || RESERVED_DATASET_KEYS.has(key); n += 1) key = `${base}_${n}`;
    used.add(key);
    return key;
  });
}

/** The preview's columns: header names, keys, inferred types. */
export function inferColumns(header: (string | null)[], rows: (string | null)[][]): DatasetColumn[] {
  const keys = fieldKeys(header);
  return header.map((name, index) => ({
    index,
    key: keys[index] ?? `col_${index + 1}`,
    name: (name ?? '').trim() || `Column ${index + 1}`,
    type: inferType(rows.map((row) => row[index] ?? null)),
  }));
}

/**
 * The DuckDB expression reading column `c<index>` (all text) as its type. Only our own column
 * names and constants appear: no file content or user text reaches the SQL.
 */
export function castExpression(column: { index: number; type: DatasetColumnType }): string {
  const c = `c${column.index}`;
  switch (column.type) {
    case 'date':
      return `try_cast(replace(trim(${c}), '/', '-') as date)`;
    case 'number':
      return `try_cast(replace(trim(${c}), ',', '') as double)`;
    case 'percent':
      return `try_cast(replace(replace(trim(${c}), '%', ''), ',', '') as double) / 100`;
    case 'currency':
      return `round(try_cast(regexp_replace(trim(${c}), '[^0-9.eE-]', '', 'g') as double) * 100)`;
    default:
      return `nullif(trim(${c}), '')`;
  }
}
