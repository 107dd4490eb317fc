import { externalCallListFields } from '@app/contract/connectors/admin-interfaces';
import type { ListQuery } from '@app/contract/list';
import { desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { externalCalls, teams } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type ExternalCallInsert = typeof externalCalls.$inferInsert;

export async function insertExternalCall(db: Db, call: ExternalCallInsert): Promise<void> {
  await db.insert(externalCalls).values(call);
}

/** Calls older than `before` leave the log (the interfaces page shows 30 days). */
export async function purgeExternalCalls(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(externalCalls)
    .where(lt(externalCalls.createdAt, before))
    .returning({ id: externalCalls.id });
  return gone.length;
}

const callList = bindList(externalCallListFields, {
  api: externalCalls.api,
  outcome: externalCalls.outcome,
  status: externalCalls.status,
  latency_ms: externalCalls.latencyMs,
  created_at: externalCalls.createdAt,
});

export function listExternalCallRows(db: Db, query: ListQuery) {
  const where = listWhere(query, callList, (q) => searchColumns(q, [externalCalls.path]));
  return listPage(
    db,
    query,
    () =>
      db
        .select({
          id: externalCalls.id,
          createdAt: externalCalls.createdAt,
          api: externalCalls.api,
          method: externalCalls.method,
          path: externalCalls.path,
          status: externalCalls.status,
          outcome: externalCalls.outcome,
          errorCode: externalCalls.errorCode,
          latencyMs: externalCalls.latencyMs,
          quotaCost: externalCalls.quotaCost,
          service: externalCalls.service,
          teamId: externalCalls.teamId,
          teamName: teams.name,
        })
        .from(externalCalls)
        .leftJoin(teams, eq(teams.id, externalCalls.teamId))
        .where(where)
        .$dynamic(),
    listOrder(query, callList, [desc(externalCalls.createdAt), desc(externalCalls.id)]),
    () => db.select({ id: externalCalls.id }).from(externalCalls).where(where).$dynamic(),
  );
}

/** Per API over the period: volume, failures, latency (mean and 95th percentile), quota. */
export function apiTotals(db: Db, since: Date) {
  const inPeriod = gte(externalCalls.createdAt, since);
  return db
    .select({
      api: externalCalls.api,
      calls: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${externalCalls.outcome} <> 'ok'))::int`,
      quotaErrors: sql<number>`(count(*) filter (where ${externalCalls.outcome} = 'quota'))::int`,
      authErrors: sql<number>`(count(*) filter (where ${externalCalls.outcome} = 'auth'))::int`,
      avgLatency: sql<number | null>`avg(${externalCalls.latencyMs})::float8`,
      p95Latency: sql<
        number | null
      >`percentile_cont(0.95) within group (order by ${externalCalls.latencyMs})::float8`,
      quotaUsed: sql<number>`coalesce(sum(${externalCalls.quotaCost}), 0)::float8`,
      lastCallAt: sql<number | null>`extract(epoch from max(${externalCalls.createdAt}))::float8`,
      lastStatus: sql<
        number | null
      >`(array_agg(${externalCalls.status} order by ${externalCalls.createdAt} desc))[1]`,
    })
    .from(externalCalls)
    .where(inPeriod)
    .groupBy(externalCalls.api);
}

/** The same per API and hour or day (UTC), oldest first. */
export function apiSeries(db: Db, since: Date, bucket: 'hour' | 'day') {
  // The bucket is one of two constants, never input.
  const at: SQL<number> = sql<number>`extract(epoch from date_trunc(${sql.raw(`'${bucket}'`)}, ${externalCalls.createdAt}, 'UTC'))::float8`;
  return db
    .select({
      api: externalCalls.api,
      at,
      calls: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${externalCalls.outcome} <> 'ok'))::int`,
      quotaUsed: sql<number>`coalesce(sum(${externalCalls.quotaCost}), 0)::float8`,
      avgLatency: sql<number | null>`avg(${externalCalls.latencyMs})::float8`,
    })
    .from(externalCalls)
    .where(gte(externalCalls.createdAt, since))
    .groupBy(externalCalls.api, at)
    .orderBy(at);
}
