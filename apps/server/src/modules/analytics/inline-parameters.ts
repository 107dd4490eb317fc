/**
 * A compiled statement with its bound values written in as SQL literals: what a result shows as
 * "the SQL that ran", runnable as shown against the same store. Only for showing: the statement
 * that runs always travels with its values bound separately.
 */

export type ParameterValue = string | number | boolean | null;

/** A bound value as the wire carries it (dates are bound as their `YYYY-MM-DD` text). */
export function toParameter(value: unknown): ParameterValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function literal(value: unknown): string {
  const parameter = toParameter(value);
  if (parameter === null) return 'NULL';
  if (typeof parameter === 'number') {
    if (!Number.isFinite(parameter)) throw new Error('a bound number is not finite');
    return String(parameter);
  }
  if (typeof parameter === 'boolean') return parameter ? 'TRUE' : 'FALSE';
  return `'${parameter.replaceAll("'", "''")}'`;
}

/**
 * Replaces each `?` placeholder, in order, with its value's literal. A `?` inside a quoted string
 * or identifier of the statement is text, not a placeholder.
 */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let out = '';
  let next = 0;
  let quote: "'" | '"' | null = null;
  for (const char of sql) {
    if (quote) {
      out += char;
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      out += char;
      continue;
    }
    if (char === '?') {
      if (next >= parameters.length) throw new Error('more placeholders than values');
      out += literal(parameters[next]);
      next += 1;
      continue;
    }
    out += char;
  }
  if (next !== parameters.length) throw new Error('more values than placeholders');
  return out;
}
