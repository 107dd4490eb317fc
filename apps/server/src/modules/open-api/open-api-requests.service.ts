import { MAX_REQUEST_BUCKETS, type OpenApiRequest } from '@app/contract/admin/open-api/open-api-requests';
import type { ListQuery } from '@app/contract/list';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { listOpenApiRequestRows, requestCounts } from './open-api-requests.repo';

/** Queued log rows are written first, so a call just answered is listed. */
export async function listOpenApiRequests(platform: Platform, query: ListQuery) {
  await platform.openApi.flush();
  return toListPage(
    query,
    await listOpenApiRequestRows(platform.db, query),
    ({ call, tokenName, teamName }): OpenApiRequest => ({
      id: call.id,
      req_id: call.reqId,
      token: call.tokenId ? { id: call.tokenId, name: tokenName ?? call.tokenId } : null,
      team: call.teamId ? { id: call.teamId, name: teamName ?? call.teamId } : null,
      method: call.method,
      route: call.route,
      status: call.status,
      error_code: call.errorCode,
      latency_ms: call.latencyMs,
      bytes: call.bytes,
      ip: call.ip,
      creation_time: toSeconds(call.createdAt),
    }),
  );
}

/** A bucket width that cuts the span into at most MAX_REQUEST_BUCKETS: a minute, 5, 15, an hour, 6, a day. */
const WIDTHS = [60, 300, 900, 3600, 21_600, 86_400];
export function bucketWidth(span: number): number {
  return WIDTHS.find((width) => span / width <= MAX_REQUEST_BUCKETS) ?? 86_400;
}

/** The chart: every bucket of the span present (zero where nothing was called), aligned to its width. */
export async function openApiRequestStats(
  platform: Platform,
  query: { from: number; to: number; token_id?: string },
) {
  await platform.openApi.flush();
  const width = bucketWidth(query.to - query.from);
  const from = Math.floor(query.from / width) * width;
  const { rows, totals } = await requestCounts(platform.db, {
    from,
    to: query.to,
    width,
    tokenId: query.token_id,
  });
  const byStart = new Map(rows.map((row) => [Number(row.start), row]));
  const buckets = [];
  for (let at = from; at < query.to; at += width) {
    const row = byStart.get(at);
    buckets.push({ start: at, calls: row?.calls ?? 0, errors: row?.errors ?? 0 });
  }
  return {
    bucket_seconds: width,
    buckets,
    calls: totals?.calls ?? 0,
    errors: totals?.errors ?? 0,
    p95_latency_ms: totals?.p95 === null || totals?.p95 === undefined ? null : Number(totals.p95),
  };
}
