import type { DatasetColumn } from '@app/contract/analytics/datasets';
import { type Day, todayAt } from '@app/contract/analytics/date-ranges';
import type { AnalyticsQuery, Freshness, KeptResult, QueryResult } from '@app/contract/analytics/query';
import type { AnalyticsSource } from '@app/contract/analytics/sources';
import type { AnalyticsStore, StoreTarget } from '../../platform/analytics-store';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { teamDatasets } from './datasets.repo';
import { datasetTable, readyDatasetDef } from './datasets.service';
import { ensureDemo } from './demo';
import { lookupValues } from './lookup-values';
import { timeQuery } from './query-metrics';
import { findQueryResult, insertQueryResult } from './query-results.repo';
import { runQuery, sourceDef } from './run-query';
import { datasetSourceDef, GOOGLE_SOURCE_DEFS } from './sources';

/** Per store: a process may hold several (two instances in one test, one app after another). */
const demoFor = new WeakMap<AnalyticsStore, { day: Day; ready: Promise<void> }>();

/** The demo, current for today (UTC); concurrent callers share one generation. */
export function demoReady(platform: Platform): Promise<void> {
  const day = todayAt(0);
  const store = platform.analytics;
  const current = demoFor.get(store);
  if (current?.day === day) return current.ready;
  const ready = ensureDemo(store, day);
  demoFor.set(store, { day, ready });
  ready.catch(() => {
    if (demoFor.get(store)?.ready === ready) demoFor.delete(store);
  });
  return ready;
}

/**
 * The catalogue entry a request names, made ready to read: a dataset of the team (the team's own
 * only, there is no demo of it), or a Google source with the demo generated for today.
 */
async function readySource(platform: Platform, ctx: SignedInContext, source: string) {
  if (source.startsWith('dataset:')) {
    return { def: await readyDatasetDef(platform, ctx.team.id, source), origin: 'team' as const };
  }
  await demoReady(platform);
  return { def: sourceDef(source), origin: undefined };
}

const contextOf = (ctx: SignedInContext) => ({
  teamId: ctx.team.id,
  tzOffsetHours: ctx.tzOffsetHours,
  t: ctx.t,
});

/** One query of the query model over the caller's current team (or the demo), kept under an id. */
export async function queryAnalytics(
  platform: Platform,
  ctx: SignedInContext,
  query: AnalyticsQuery,
): Promise<KeptResult> {
  const { def, origin } = await readySource(platform, ctx, query.source);
  // A Google source read beside a dataset needs the demo too, when the team holds none of its own.
  if (query.beside) await demoReady(platform);
  const result = await timeQuery(
    platform.metrics,
    { source: query.source, store: origin ?? query.origin ?? 'auto' },
    () => runQuery(platform.analytics, contextOf(ctx), { ...query, origin: origin ?? query.origin }, def),
  );
  const id = await insertQueryResult(platform.db, {
    teamId: ctx.team.id,
    userId: ctx.user.id,
    query,
    result,
  });
  return { ...result, result_id: id };
}

/** A kept result of the caller's current team (another team's is not found). */
export async function getKeptResult(platform: Platform, ctx: SignedInContext, id: string) {
  const row = await findQueryResult(platform.db, ctx.team.id, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'No such result' });
  return {
    result: { ...(row.result as QueryResult), result_id: row.id },
    query: row.query as AnalyticsQuery,
    creation_time: toSeconds(row.createdAt),
  };
}

/** The values of a text dimension people may mean (the value lookup). */
export async function lookupDimension(
  platform: Platform,
  ctx: SignedInContext,
  input: Parameters<typeof lookupValues>[2],
) {
  const { def, origin } = await readySource(platform, ctx, input.source);
  return lookupValues(platform.analytics, contextOf(ctx), { ...input, origin: origin ?? input.origin }, def);
}

async function freshnessOf(platform: Platform, target: StoreTarget, source: string): Promise<Freshness[]> {
  const result = await platform.analytics.read(
    target,
    `select p.property, p.name, epoch(f.synced_at)::bigint, f.complete_through::varchar
       from _properties p left join _freshness f on f.source = p.source and f.property = p.property
      where p.source = ? order by p.property`,
    [source],
  );
  return (result?.rows ?? []).map(([property, name, syncedAt, completeThrough]) => ({
    source,
    demo: target.kind === 'demo',
    property: String(property),
    property_name: String(name),
    synced_at: typeof syncedAt === 'number' ? syncedAt : null,
    complete_through: typeof completeThrough === 'string' ? completeThrough : null,
  }));
}

/** What the team can ask: each Google source, its own where it has data, and the demo's. */
export async function listSources(
  platform: Platform,
  ctx: SignedInContext,
): Promise<{ items: AnalyticsSource[] }> {
  await demoReady(platform);
  const items: AnalyticsSource[] = [];
  const datasetDefs = (await teamDatasets(platform.db, ctx.team.id))
    .filter((row) => row.status === 'ready')
    .map((row) =>
      datasetSourceDef({
        id: row.id,
        name: row.name,
        table: datasetTable(row.id),
        columns: row.columns as DatasetColumn[],
      }),
    );
  for (const def of [...Object.values(GOOGLE_SOURCE_DEFS), ...datasetDefs]) {
    const fields = {
      metrics: def.metrics.map((m) => ({ key: m.key, label: ctx.t(m.label), type: m.type, unit: m.unit })),
      dimensions: def.dimensions.map((d) => ({
        key: d.key,
        label: ctx.t(d.label),
        type: d.type,
        unit: null,
      })),
    };
    const own = await freshnessOf(platform, { kind: 'team', teamId: ctx.team.id }, def.source);
    // A dataset's name is the user's own text, not a msgid.
    const label = def.source.startsWith('dataset:') ? def.label : ctx.t(def.label);
    if (own.length > 0) items.push({ source: def.source, origin: 'team', label, ...fields, freshness: own });
    if (def.source.startsWith('dataset:')) continue;
    items.push({
      source: def.source,
      origin: 'demo',
      label: `${ctx.t(def.label)} (${ctx.t('Demo')})`,
      ...fields,
      freshness: await freshnessOf(platform, { kind: 'demo' }, def.source),
    });
  }
  return { items };
}
