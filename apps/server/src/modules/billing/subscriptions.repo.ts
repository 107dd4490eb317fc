import {
  adminSubscriptionListFields,
  subscriptionHistoryListFields,
} from '@app/contract/billing/subscriptions';
import type { ListQuery } from '@app/contract/list';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  orders,
  plans,
  subscriptionEvents,
  subscriptions,
  teamCredits,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

type Queryable = Db | Tx;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

const withPlan = {
  sub: subscriptions,
  plan: plans,
};

/** The team's active subscription and its plan. */
export async function findActive(db: Queryable, teamId: string) {
  const [row] = await db
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')));
  return row ?? null;
}

export type ActiveRecord = NonNullable<Awaited<ReturnType<typeof findActive>>>;

/** The active subscription under a row lock: every change of a team's plan takes this first. */
export async function lockActive(tx: Tx, teamId: string) {
  const [row] = await tx
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')))
    .for('update', { of: subscriptions });
  return row ?? null;
}

/** Paid periods waiting to start, in the order they will. */
export async function scheduledChain(db: Queryable, teamId: string) {
  return db
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'scheduled')))
    .orderBy(asc(subscriptions.periodStart));
}

export async function findSubscription(db: Queryable, id: string) {
  const [row] = await db
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function subscriptionsOfOrder(tx: Tx, orderId: string) {
  return tx
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.orderId, orderId))
    .for('update', { of: subscriptions });
}

export async function insertSubscription(tx: Tx, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [made] = await tx.insert(subscriptions).values(row).returning();
  if (!made) throw new Error('subscription was not written');
  return made;
}

export async function updateSubscription(tx: Tx, id: string, change: Partial<NewSubscriptionRow>) {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} is gone`);
  return row;
}

/** Active subscriptions whose period has ended by `now`: the period job's work. */
export async function dueTeams(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ teamId: subscriptions.teamId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.periodEnd, now)))
    .orderBy(asc(subscriptions.periodEnd))
    .limit(limit);
  return rows.map((row) => row.teamId);
}

/**
 * Events of one transaction would share `now()`; the clock's own time keeps them in the order
 * they happened (an expiry before the free plan that follows it).
 */
export async function insertEvent(tx: Tx, row: typeof subscriptionEvents.$inferInsert): Promise<void> {
  await tx.insert(subscriptionEvents).values({ ...row, createdAt: sql`clock_timestamp()` });
}

// ---- History ------------------------------------------------------------------------------------

const historyList = bindList(subscriptionHistoryListFields, {
  kind: subscriptionEvents.kind,
  plan_name: subscriptionEvents.planName,
  creation_time: subscriptionEvents.createdAt,
});

function historyRows(db: Db) {
  return db
    .select({
      id: subscriptionEvents.id,
      kind: subscriptionEvents.kind,
      planId: subscriptionEvents.planId,
      planName: subscriptionEvents.planName,
      periodStart: subscriptionEvents.periodStart,
      periodEnd: subscriptionEvents.periodEnd,
      orderId: subscriptionEvents.orderId,
      orderNum: orders.orderNum,
      reason: subscriptionEvents.reason,
      actorId: users.id,
      actorName: users.name,
      createdAt: subscriptionEvents.createdAt,
    })
    .from(subscriptionEvents)
    .leftJoin(orders, eq(orders.id, subscriptionEvents.orderId))
    .leftJoin(users, eq(users.id, subscriptionEvents.actorId))
    .$dynamic();
}

export type HistoryRecord = Awaited<ReturnType<ReturnType<typeof historyRows>['execute']>>[number];

export function listHistoryRows(db: Db, teamId: string, query: ListQuery) {
  const where = and(eq(subscriptionEvents.teamId, teamId), listWhere(query, historyList));
  return listPage(
    db,
    query,
    () => historyRows(db).where(where),
    listOrder(query, historyList, [desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id)]),
    () => db.select({ id: subscriptionEvents.id }).from(subscriptionEvents).where(where).$dynamic(),
  );
}

// ---- Admin list ---------------------------------------------------------------------------------

const owners = alias(users, 'owners');

const adminList = bindList(adminSubscriptionListFields, {
  team_name: teams.name,
  owner_email: owners.email,
  plan_name: plans.name,
  plan_id: subscriptions.planId,
  status: subscriptions.status,
  period_end: subscriptions.periodEnd,
  creation_time: subscriptions.createdAt,
});

function adminRows(db: Db) {
  return db
    .select({ ...withPlan, teamName: teams.name, ownerEmail: owners.email })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .leftJoin(owners, eq(owners.id, teams.ownerId))
    .$dynamic();
}

export type AdminSubscriptionRecord = Awaited<ReturnType<ReturnType<typeof adminRows>['execute']>>[number];

export function listAdminSubscriptionRows(db: Db, query: ListQuery) {
  const where = listWhere(query, adminList, (q) => searchColumns(q, [teams.name, owners.email, plans.name]));
  return listPage(
    db,
    query,
    () => adminRows(db).where(where),
    listOrder(query, adminList, [desc(subscriptions.createdAt), desc(subscriptions.id)]),
  );
}

// ---- Reminders ----------------------------------------------------------------------------------

/**
 * Paid subscriptions ending in (from, to] with no paid period after them, with the people to
 * remind (the team's owner and admins).
 */
export async function endingSubscriptions(db: Db, from: Date, to: Date) {
  return db
    .select({
      subscriptionId: subscriptions.id,
      periodEnd: subscriptions.periodEnd,
      planName: plans.name,
      teamName: teams.name,
      userId: users.id,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .innerJoin(teamMembers, eq(teamMembers.teamId, subscriptions.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(plans.isDefault, false),
        gt(subscriptions.periodEnd, from),
        lte(subscriptions.periodEnd, to),
        inArray(teamMembers.role, ['owner', 'admin']),
        sql`not exists (select 1 from subscriptions nx where nx.team_id = ${subscriptions.teamId} and nx.status = 'scheduled')`,
      ),
    );
}

// ---- Reads for the quota ------------------------------------------------------------------------

/** One query for basic infos: the active plan and the credit balance of a team. */
export async function quotaOf(db: Queryable, teamId: string) {
  const [row] = await db
    .select({
      planKey: plans.key,
      planName: plans.name,
      isDefault: plans.isDefault,
      seats: plans.seats,
      storageQuotaBytes: plans.storageQuotaBytes,
      periodEnd: subscriptions.periodEnd,
      balance: teamCredits.balance,
      held: teamCredits.held,
      granted: teamCredits.granted,
      creditStart: teamCredits.periodStart,
      creditEnd: teamCredits.periodEnd,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(teamCredits, eq(teamCredits.teamId, subscriptions.teamId))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')));
  return row ?? null;
}

/** The storage quota of the team's active plan; null when the team has none yet. */
export async function activeStorageQuota(db: Queryable, teamId: string) {
  const [row] = await db
    .select({ bytes: plans.storageQuotaBytes, isDefault: plans.isDefault })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')));
  return row ?? null;
}

/** Teams by id with their active plan's quota (admin storage figures). */
export async function storageQuotas(db: Queryable, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: subscriptions.teamId, bytes: plans.storageQuotaBytes, isDefault: plans.isDefault })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(inArray(subscriptions.teamId, teamIds), eq(subscriptions.status, 'active')));
}
