import { resolveRange, todayAt } from '@app/contract/analytics/date-ranges';
import type { Freshness } from '@app/contract/analytics/query';
import type { lookupDimensionValues } from '@app/contract/analytics/values';
import { Kysely, sql } from 'kysely';
import { DuckDbDialect } from 'kysely-duckdb';
import type { z } from 'zod';
import type { AnalyticsStore } from '../../platform/analytics-store';
import { validationError } from '../../platform/app-error';
import { type QueryContext, resolveProperty } from './run-query';
import type { SourceDef } from './sources';

type LookupInput = z.output<typeof lookupDimensionValues.body>;

const compiler = new Kysely<Record<string, Record<string, unknown>>>({
  dialect: new DuckDbDialect({ database: undefined as never }),
});

/**
 * A text dimension's values over a range, heaviest first (ties by value), matching the typed text
 * without regard to case, as its start (`prefix`) or anywhere (`contains`). What was typed is a
 * bound value, its wildcards taken literally.
 */
export async function lookupValues(
  store: AnalyticsStore,
  context: QueryContext,
  input: LookupInput,
  def: SourceDef,
) {
  const dimension = def.dimensions.find((d) => d.key === input.dimension);
  if (!dimension || dimension.type !== 'text') {
    const text = def.dimensions.filter((d) => d.type === 'text').map((d) => d.key);
    throw validationError({
      dimension: `${def.label} has no text dimension ${input.dimension}; it has ${text.join(', ')}`,
    });
  }
  const weight = def.metrics.find((m) => m.key === def.weightMetric);
  if (!weight) throw new Error(`${def.source} names no weight metric`);
  const { target, demo, property } = await resolveProperty(store, context, def, input);
  const range = resolveRange(input.date_range, todayAt(context.tzOffsetHours));
  const escaped = input.q.replace(/[\\%_]/g, '\\$&');
  const pattern = input.match === 'prefix' ? `${escaped}%` : `%${escaped}%`;
  const compiled = compiler
    .selectFrom(sql.table(def.table).as('s'))
    .select(sql.raw(dimension.sql).as('value'))
    .select(sql.raw(weight.sql).as('weight'))
    .where(sql.ref(`s.${def.propertyColumn}`), '=', property.property)
    .where(sql.ref('s.date'), '>=', sql`cast(${range.start} as date)`)
    .where(sql.ref('s.date'), '<=', sql`cast(${range.end} as date)`)
    .where(sql.raw(dimension.sql), 'is not', null)
    .where(sql<boolean>`${sql.raw(dimension.sql)} ilike ${pattern} escape '\\'`)
    .groupBy(sql.raw(dimension.sql))
    .orderBy(sql`weight desc nulls last`)
    .orderBy(sql`value asc`)
    .limit(input.limit)
    .compile();
  const read = await store.read(target, compiled.sql, compiled.parameters);
  const freshness: Freshness = {
    source: def.source,
    demo,
    property: property.property,
    property_name: property.name,
    synced_at: property.syncedAt,
    complete_through: property.completeThrough,
  };
  return {
    dimension: dimension.key,
    weight_metric: weight.key,
    items: (read?.rows ?? []).map(([value, amount]) => ({
      value: String(value),
      weight: Number(amount ?? 0),
    })),
    freshness: [freshness],
  };
}
