import { openApiRequestListFields } from '@app/contract/admin/open-api/open-api-requests';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { openApiRequests, restTokens, teams } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

const requestList = bindList(openApiRequestListFields, {
  token_id: openApiRequests.tokenId,
  route: openApiRequests.route,
  status: openApiRequests.status,
  latency_ms: openApiRequests.latencyMs,
  creation_time: openApiRequests.createdAt,
});

/** `q`: a request id exactly, or part of a route. */
export function listOpenApiRequestRows(db: Db, query: ListQuery) {
  const where = listWhere(query, requestList, (q) =>
    or(eq(openApiRequests.reqId, q), searchColumns(q, [openApiRequests.route])),
  );
  return listPage(
    db,
    query,
    () =>
      db
        .select({ call: openApiRequests, tokenName: restTokens.name, teamName: teams.name })
        .from(openApiRequests)
        .leftJoin(restTokens, eq(restTokens.id, openApiRequests.tokenId))
        .leftJoin(teams, eq(teams.id, openApiRequests.teamId))
        .where(where)
        .$dynamic(),
    listOrder(query, requestList, [desc(openApiRequests.createdAt), desc(openApiRequests.id)]),
    () => db.select({ id: openApiRequests.id }).from(openApiRequests).where(where).$dynamic(),
  );
}

/**
 * Calls and errors (status 400 and up) per bucket of `width` seconds over `[from, to)` (seconds),
 * and the span's totals with its p95 latency: one grouped query and one total, side by side.
 */
export async function requestCounts(
  db: Db,
  span: { from: number; to: number; width: number; tokenId?: string },
) {
  const { from, to, width, tokenId } = span;
  const where = and(
    gte(openApiRequests.createdAt, new Date(from * 1000)),
    lt(openApiRequests.createdAt, new Date(to * 1000)),
    tokenId ? eq(openApiRequests.tokenId, tokenId) : undefined,
  );
  // The width is inlined (one of a fixed few, never input): as a parameter, the SELECT's and the
  // GROUP BY's expressions would differ and PostgreSQL would refuse the grouping.
  const seconds = sql.raw(String(Math.trunc(width)));
  const bucket = sql<number>`(floor(extract(epoch from ${openApiRequests.createdAt}) / ${seconds}) * ${seconds})::bigint`;
  const errors = sql<number>`(count(*) filter (where ${openApiRequests.status} >= 400))::int`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ start: bucket, calls: sql<number>`count(*)::int`, errors })
      .from(openApiRequests)
      .where(where)
      .groupBy(bucket),
    db
      .select({
        calls: sql<number>`count(*)::int`,
        errors,
        p95: sql<number | null>`percentile_disc(0.95) within group (order by ${openApiRequests.latencyMs})`,
      })
      .from(openApiRequests)
      .where(where),
  ]);
  return { rows, totals };
}
