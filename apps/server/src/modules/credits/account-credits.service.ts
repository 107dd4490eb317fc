import type { ListQuery } from '@app/contract/list';
import type { SignedInContext } from '../../platform/endpoint';
import { sayStored } from '../../platform/keyed-text';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { type LedgerRecord, listLedgerRows } from './credits.repo';
import { teamBalance } from './credits.service';
import { dayRange, daysOf } from './day-range';
import { listUsageRows, type UsageRecord, usageReport } from './usage.repo';

/**
 * A ledger entry for the reader: a note the server wrote (a grant, an expiry, a purchase) reads in
 * their language, a seeded plan's name with it; an operator's reason and rows from before keyed
 * notes read as written.
 */
export function toCreditEntry(ctx: Pick<RequestContext, 't'>, row: LedgerRecord) {
  return {
    id: String(row.id),
    kind: row.kind as 'grant' | 'purchase' | 'usage' | 'refund' | 'expire' | 'adjust',
    amount: row.amount,
    balance_after: row.balanceAfter,
    reference_type: row.referenceType,
    reference_id: row.referenceId,
    note: row.note === null ? null : sayStored(ctx.t, row.noteKey, row.noteParams, row.note),
    user: row.userId ? { id: row.userId, username: row.username ?? '' } : null,
    creation_time: toSeconds(row.createdAt),
  };
}

export function toUsageLog(row: UsageRecord) {
  const log = row.log;
  return {
    id: String(log.id),
    user: log.userId ? { id: log.userId, username: row.username ?? '' } : null,
    function_key: log.functionKey,
    model: log.model,
    input_tokens: log.inputTokens,
    output_tokens: log.outputTokens,
    credits: log.credits,
    uncharged: log.uncharged,
    latency_ms: log.latencyMs,
    status: log.status as 'settled' | 'released',
    creation_time: toSeconds(log.createdAt),
  };
}

export function getMyCredits(platform: Platform, ctx: SignedInContext) {
  return teamBalance(platform, ctx.team.id);
}

export async function listMyLedger(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listLedgerRows(platform.db, ctx.team.id, query), (row) =>
    toCreditEntry(ctx, row),
  );
}

export async function listMyUsageLogs(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listUsageRows(platform.db, ctx.team.id, query), toUsageLog);
}

/** `/account/usage`: every day of the range (zero where nothing was used), by function, by member. */
export async function getMyUsage(
  platform: Platform,
  ctx: SignedInContext,
  query: { start?: string; end?: string },
) {
  const range = dayRange(query, ctx.tzOffsetHours);
  const report = await usageReport(platform.db, ctx.team.id, range);
  const byDay = new Map(report.byDay.map((row) => [row.day, row]));
  const days = daysOf(range).map((day) => ({
    day,
    credits: Number(byDay.get(day)?.credits ?? 0),
    calls: byDay.get(day)?.calls ?? 0,
  }));
  return {
    start: range.startDay,
    end: range.endDay,
    total_credits: days.reduce((sum, row) => sum + row.credits, 0),
    total_calls: days.reduce((sum, row) => sum + row.calls, 0),
    by_day: days,
    by_function: report.byFunction.map((row) => ({
      function_key: row.functionKey,
      credits: Number(row.credits),
      calls: row.calls,
    })),
    by_member: report.byMember.map((row) => ({
      user_id: row.userId,
      username: row.username ?? ctx.t('Former member'),
      credits: Number(row.credits),
      calls: row.calls,
    })),
  };
}
