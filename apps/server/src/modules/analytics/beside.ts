import {
  type AnalyticsQuery,
  besideKey,
  type QueryResult,
  type ResultColumn,
} from '@app/contract/analytics/query';
import type { Cell } from '../../platform/analytics-store';
import { AppError, validationError } from '../../platform/app-error';
import type { DimensionDef, SourceDef } from './sources';

/**
 * A source read beside a query (`beside`): which dimensions match, and the two answers joined row
 * by row. The query's rows lead (its order and limit); each gets the figures the source beside
 * holds for the same page or period, or none (null) where it holds nothing. Every metric column
 * says which source it came from, the answer's freshness names both, and its SQL is both
 * statements, so each figure can still be traced to the statement that made it.
 */

export interface BesideMatch {
  dimension: DimensionDef;
  besideDimension: DimensionDef;
}

/** Checks that the query and the source beside it share the one dimension; names what does not. */
export function matchBeside(def: SourceDef, besideDef: SourceDef, query: AnalyticsQuery): BesideMatch {
  const beside = query.beside;
  if (!beside) throw new Error('matchBeside needs a query with beside');
  if (beside.source === query.source) {
    throw validationError({
      'beside.source': `${def.label} is the query's own source: add its metrics to the query instead`,
    });
  }
  if (query.dimensions.length !== 1) {
    throw validationError({
      dimensions: 'A query with a source beside it has exactly one dimension, which both sources share',
    });
  }
  const dimension = def.dimensions.find((d) => d.key === query.dimensions[0]);
  if (!dimension) {
    throw validationError({
      'dimensions.0': `${def.label} has no dimension ${query.dimensions[0]}; it has ${def.dimensions.map((d) => d.key).join(', ')}`,
    });
  }
  if (!dimension.joinAs) {
    throw validationError({
      'dimensions.0': `${def.label}'s ${dimension.key} cannot be matched with another source's rows; a page or a time grain can`,
    });
  }
  const besideDimension = besideDef.dimensions.find((d) => d.key === beside.dimension);
  if (!besideDimension) {
    throw validationError({
      'beside.dimension': `${besideDef.label} has no dimension ${beside.dimension}; it has ${besideDef.dimensions.map((d) => d.key).join(', ')}`,
    });
  }
  if (besideDimension.joinAs !== dimension.joinAs) {
    const matching = besideDef.dimensions.filter((d) => d.joinAs === dimension.joinAs).map((d) => d.key);
    throw validationError({
      'beside.dimension': matching.length
        ? `${besideDef.label}'s ${besideDimension.key} does not name what ${def.label}'s ${dimension.key} names; ${matching.join(' or ')} does`
        : `${besideDef.label} has nothing that names what ${def.label}'s ${dimension.key} names`,
    });
  }
  return { dimension, besideDimension };
}

/** A refusal about the source beside names its fields under `beside.` (its `metrics.0` is `beside.metrics.0`). */
export function besideError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR') return error;
  const fields = error.extras.fields as Record<string, string> | undefined;
  if (!fields) return error;
  return validationError(
    Object.fromEntries(Object.entries(fields).map(([field, message]) => [`beside.${field}`, message])),
    error.message,
  );
}

/** The two answers as one: the query's rows, each with the figures beside it for the same value. */
export function joinBeside(
  main: QueryResult,
  beside: QueryResult,
  labels: { main: string; beside: string },
  match: BesideMatch,
): QueryResult {
  const byValue = new Map<string, Record<string, Cell>>();
  for (const row of beside.rows) {
    const value = row[match.besideDimension.key];
    if (value !== null && value !== undefined) byValue.set(String(value), row as Record<string, Cell>);
  }
  const besideMetrics = beside.columns.filter((column) => column.role !== 'dimension');
  const named = (column: ResultColumn, source: string): ResultColumn => ({
    ...column,
    label: `${column.label} · ${source}`,
  });
  const columns: ResultColumn[] = [
    ...main.columns.map((column) => (column.role === 'dimension' ? column : named(column, labels.main))),
    ...besideMetrics.map((column) => ({
      ...named(column, labels.beside),
      key: besideKey(column.key),
      metric: column.metric === null ? null : besideKey(column.metric),
    })),
  ];
  const rows = main.rows.map((row) => {
    const value = row[match.dimension.key];
    const found = value === null || value === undefined ? undefined : byValue.get(String(value));
    const joined: Record<string, Cell> = { ...(row as Record<string, Cell>) };
    for (const column of besideMetrics) joined[besideKey(column.key)] = found?.[column.key] ?? null;
    return joined;
  });
  return {
    columns,
    rows,
    ranges: main.ranges,
    freshness: [...main.freshness, ...beside.freshness],
    sql: [...main.sql, ...beside.sql],
    parameters: [...main.parameters, ...beside.parameters],
    sql_runnable: [...main.sql_runnable, ...beside.sql_runnable],
    truncated: main.truncated,
  };
}
