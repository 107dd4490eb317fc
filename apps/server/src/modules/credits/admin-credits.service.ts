import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { toCreditEntry, toUsageLog } from './account-credits.service';
import { findBalance, listLedgerRows } from './credits.repo';
import { toCreditBalance } from './credits.service';
import { dayRange } from './day-range';
import { adjust } from './ledger';
import { openTeamAccount } from './team-accounts';
import {
  ledgerTotals,
  listCreditRows,
  listUsageRows,
  teamExists,
  teamResourceRows,
  usageByFunction,
} from './usage.repo';

const TEAM_NOT_FOUND = 'Team not found';

export async function listAdminCredits(platform: Platform, query: ListQuery) {
  return toListPage(query, await listCreditRows(platform.db, query), (row) => ({
    ...toCreditBalance(row.credits),
    team_id: row.credits.teamId,
    team_name: row.teamName,
    owner_email: row.ownerEmail,
    plan_name: row.planName ?? '',
    updated_time: toSeconds(row.credits.updatedAt),
  }));
}

export async function listAdminCreditLedger(
  platform: Platform,
  ctx: SignedInContext,
  teamId: string,
  query: ListQuery,
) {
  if (!(await teamExists(platform.db, teamId))) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  return toListPage(query, await listLedgerRows(platform.db, teamId, query), (row) =>
    toCreditEntry(ctx, row),
  );
}

/** One `adjust` entry with the operator's reason, and the operation record, in one transaction. */
export async function adjustTeamCredits(
  platform: Platform,
  ctx: SignedInContext,
  teamId: string,
  input: { amount: number; reason: string },
) {
  if (!(await teamExists(platform.db, teamId))) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  await openTeamAccount(platform, teamId);
  const entry = await audited(
    platform.db,
    ctx,
    { action: 'credits.adjust', targetType: 'team', targetId: teamId },
    async (tx) => {
      const made = await adjust(tx, teamId, input.amount, {
        referenceType: 'admin',
        referenceId: ctx.user.id,
        note: input.reason,
        userId: ctx.user.id,
      });
      return {
        result: made,
        after: { amount: input.amount, reason: input.reason, balance_after: made.balanceAfter },
      };
    },
  );
  return {
    balance: toCreditBalance(await findBalance(platform.db, teamId)),
    entry: toCreditEntry(ctx, { ...entry, username: ctx.user.name }),
  };
}

export async function listAdminUsageLogs(platform: Platform, query: ListQuery) {
  return toListPage(query, await listUsageRows(platform.db, null, query), (row) => ({
    ...toUsageLog(row),
    team: { id: row.log.teamId, name: row.teamName ?? '' },
  }));
}

const total = (rows: { kind: string; total: string }[], kind: string) =>
  Number(rows.find((row) => row.kind === kind)?.total ?? 0);

/**
 * `/admin/usm/resources/summary`: the ledger's movements in the range by kind (used and expired
 * shown as positive figures), balances now, and the same by plan and by team.
 */
export async function resourcesSummary(
  platform: Platform,
  ctx: SignedInContext,
  query: { start?: string; end?: string },
) {
  const range = dayRange(query, ctx.tzOffsetHours);
  const [moves, teams, functions] = await Promise.all([
    ledgerTotals(platform.db, range),
    teamResourceRows(platform.db, range),
    usageByFunction(platform.db, range),
  ]);
  const storageLimit = platform.config.STORAGE_QUOTA_BYTES;
  const byTeam = teams
    .map((row) => ({
      team_id: row.teamId,
      team_name: row.teamName,
      plan_id: row.planId ?? '',
      plan_name: row.planName ?? '',
      granted: Number(row.granted),
      used: -Number(row.used),
      remaining: row.balance,
      held: row.held,
      storage_used_bytes: Number(row.storageUsed),
      storage_limit_bytes: row.planIsDefault && storageLimit ? storageLimit : (row.storageQuota ?? 0),
    }))
    .sort((a, b) => b.used - a.used || b.remaining - a.remaining);
  const plans = new Map<
    string,
    { plan_id: string; plan_name: string; teams: number; granted: number; used: number; remaining: number }
  >();
  for (const row of byTeam) {
    const seen = plans.get(row.plan_id) ?? {
      plan_id: row.plan_id,
      plan_name: row.plan_name,
      teams: 0,
      granted: 0,
      used: 0,
      remaining: 0,
    };
    plans.set(row.plan_id, {
      ...seen,
      teams: seen.teams + 1,
      granted: seen.granted + row.granted,
      used: seen.used + row.used,
      remaining: seen.remaining + row.remaining,
    });
  }
  return {
    start: range.startDay,
    end: range.endDay,
    totals: {
      granted: total(moves, 'grant'),
      purchased: total(moves, 'purchase'),
      used: -total(moves, 'usage'),
      expired: -total(moves, 'expire'),
      refunded: -total(moves, 'refund'),
      adjusted: total(moves, 'adjust'),
      remaining: byTeam.reduce((sum, row) => sum + row.remaining, 0),
      held: byTeam.reduce((sum, row) => sum + row.held, 0),
      teams: byTeam.length,
    },
    by_plan: [...plans.values()].sort((a, b) => b.used - a.used),
    by_team: byTeam.slice(0, 100).map(({ plan_id: _plan, held: _held, ...row }) => row),
    by_function: functions.map((row) => ({
      function_key: row.functionKey,
      credits: Number(row.credits),
      calls: row.calls,
    })),
  };
}
