import { adminCreditListFields } from '@app/contract/billing/credits';
import { adminUsageLogListFields, usageLogListFields } from '@app/contract/billing/usage';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  creditLedger,
  plans,
  subscriptions,
  teamCredits,
  teamStorage,
  teams,
  usageLogs,
  users,
} from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

type Queryable = Db | Tx;

export async function findUsageOfReservation(db: Queryable, reservationId: string) {
  const [row] = await db.select().from(usageLogs).where(eq(usageLogs.reservationId, reservationId));
  return row ?? null;
}

// ---- Usage logs ---------------------------------------------------------------------------------

const userOfLog = alias(users, 'log_user');

const usageColumns = {
  function_key: usageLogs.functionKey,
  model: usageLogs.model,
  user_email: userOfLog.email,
  credits: usageLogs.credits,
  latency_ms: usageLogs.latencyMs,
  status: usageLogs.status,
  creation_time: usageLogs.createdAt,
};
const teamUsageList = bindList(usageLogListFields, usageColumns);
const adminUsageList = bindList(adminUsageLogListFields, { ...usageColumns, team_name: teams.name });

function usageRows(db: Db) {
  return db
    .select({
      log: usageLogs,
      username: userOfLog.name,
      teamName: teams.name,
    })
    .from(usageLogs)
    .leftJoin(userOfLog, eq(userOfLog.id, usageLogs.userId))
    .leftJoin(teams, eq(teams.id, usageLogs.teamId))
    .$dynamic();
}

export type UsageRecord = Awaited<ReturnType<ReturnType<typeof usageRows>['execute']>>[number];

/** A team's usage log (`teamId`), or every team's for admins (`null`). */
export function listUsageRows(db: Db, teamId: string | null, query: ListQuery) {
  const list = teamId ? teamUsageList : adminUsageList;
  const where = and(
    teamId ? eq(usageLogs.teamId, teamId) : undefined,
    listWhere(query, list, (q) =>
      searchColumns(q, [usageLogs.functionKey, usageLogs.model, userOfLog.email, teams.name]),
    ),
  );
  return listPage(
    db,
    query,
    () => usageRows(db).where(where),
    listOrder(query, list, [desc(usageLogs.createdAt), desc(usageLogs.id)]),
  );
}

// ---- Reports ------------------------------------------------------------------------------------

/** The caller's day of a timestamp: UTC shifted by their offset (hours, may be fractional). */
/** The offset is an integer computed here, inlined so SELECT and GROUP BY hold the same expression. */
const dayOf = (column: SQL | typeof usageLogs.createdAt, offsetHours: number) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(Math.round(offsetHours * 60)))}), 'YYYY-MM-DD')`;

export interface Range {
  start: Date;
  end: Date;
  offsetHours: number;
}

/** A team's settled usage in [start, end): per day, per function, per member. */
export async function usageReport(db: Db, teamId: string, range: Range) {
  const inRange = and(
    eq(usageLogs.teamId, teamId),
    eq(usageLogs.status, 'settled'),
    gte(usageLogs.createdAt, range.start),
    lt(usageLogs.createdAt, range.end),
  );
  const credits = sql<string>`coalesce(sum(${usageLogs.credits}), 0)`;
  const calls = sql<number>`count(*)::int`;
  const day = dayOf(usageLogs.createdAt, range.offsetHours);
  const [byDay, byFunction, byMember] = await Promise.all([
    db.select({ day, credits, calls }).from(usageLogs).where(inRange).groupBy(day).orderBy(day),
    db
      .select({ functionKey: usageLogs.functionKey, credits, calls })
      .from(usageLogs)
      .where(inRange)
      .groupBy(usageLogs.functionKey)
      .orderBy(desc(credits)),
    db
      .select({ userId: usageLogs.userId, username: users.name, credits, calls })
      .from(usageLogs)
      .leftJoin(users, eq(users.id, usageLogs.userId))
      .where(inRange)
      .groupBy(usageLogs.userId, users.name)
      .orderBy(desc(credits)),
  ]);
  return { byDay, byFunction, byMember };
}

/** Ledger movements of every team in [start, end), by kind (credits granted, used, expired...). */
export async function ledgerTotals(db: Db, range: Range) {
  return db
    .select({ kind: creditLedger.kind, total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(and(gte(creditLedger.createdAt, range.start), lt(creditLedger.createdAt, range.end)))
    .groupBy(creditLedger.kind);
}

/**
 * Per team: the plan now, credits granted and used in the range, the balance now and storage.
 * Teams without a billing account yet are left out (they have used nothing).
 */
export async function teamResourceRows(db: Db, range: Range) {
  const moved = (kind: string) =>
    sql<string>`coalesce((select sum(${creditLedger.amount}) from ${creditLedger}
      where ${creditLedger.teamId} = ${teamCredits.teamId} and ${creditLedger.kind} = ${kind}
      and ${creditLedger.createdAt} >= ${range.start.toISOString()}::timestamptz
      and ${creditLedger.createdAt} < ${range.end.toISOString()}::timestamptz), 0)`;
  return db
    .select({
      teamId: teamCredits.teamId,
      teamName: teams.name,
      planId: plans.id,
      planName: plans.name,
      balance: teamCredits.balance,
      held: teamCredits.held,
      granted: moved('grant'),
      used: moved('usage'),
      storageUsed: sql<string>`coalesce(${teamStorage.usedBytes}, 0)`,
      storageQuota: plans.storageQuotaBytes,
      planIsDefault: plans.isDefault,
    })
    .from(teamCredits)
    .innerJoin(teams, eq(teams.id, teamCredits.teamId))
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.teamId, teamCredits.teamId), eq(subscriptions.status, 'active')),
    )
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(teamStorage, eq(teamStorage.teamId, teamCredits.teamId));
}

export async function usageByFunction(db: Db, range: Range) {
  const credits = sql<string>`coalesce(sum(${usageLogs.credits}), 0)`;
  return db
    .select({ functionKey: usageLogs.functionKey, credits, calls: sql<number>`count(*)::int` })
    .from(usageLogs)
    .where(
      and(
        eq(usageLogs.status, 'settled'),
        gte(usageLogs.createdAt, range.start),
        lt(usageLogs.createdAt, range.end),
      ),
    )
    .groupBy(usageLogs.functionKey)
    .orderBy(desc(credits));
}

// ---- Admin balances -----------------------------------------------------------------------------

const owners = alias(users, 'owners');

const creditList = bindList(adminCreditListFields, {
  team_name: teams.name,
  owner_email: owners.email,
  plan_name: plans.name,
  balance: teamCredits.balance,
  held: teamCredits.held,
  updated_time: teamCredits.updatedAt,
});

function creditRows(db: Db) {
  return db
    .select({ credits: teamCredits, teamName: teams.name, ownerEmail: owners.email, planName: plans.name })
    .from(teamCredits)
    .innerJoin(teams, eq(teams.id, teamCredits.teamId))
    .leftJoin(owners, eq(owners.id, teams.ownerId))
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.teamId, teamCredits.teamId), eq(subscriptions.status, 'active')),
    )
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .$dynamic();
}

export type AdminCreditRecord = Awaited<ReturnType<ReturnType<typeof creditRows>['execute']>>[number];

export function listCreditRows(db: Db, query: ListQuery) {
  const where = listWhere(query, creditList, (q) => searchColumns(q, [teams.name, owners.email]));
  return listPage(
    db,
    query,
    () => creditRows(db).where(where),
    listOrder(query, creditList, [desc(teamCredits.updatedAt), desc(teamCredits.teamId)]),
  );
}

export async function teamExists(db: Db, teamId: string): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  return Boolean(row);
}
