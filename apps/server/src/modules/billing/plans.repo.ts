import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { orders, planFunctions, plans, subscriptions } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Queryable = Db | Tx;

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type PlanRecord = PlanRow & { functions: string[] };

async function withFunctions(db: Queryable, rows: PlanRow[]): Promise<PlanRecord[]> {
  if (rows.length === 0) return [];
  const grants = await db
    .select()
    .from(planFunctions)
    .where(
      inArray(
        planFunctions.planId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(planFunctions.functionKey));
  return rows.map((row) => ({
    ...row,
    functions: grants.filter((grant) => grant.planId === row.id).map((grant) => grant.functionKey),
  }));
}

export async function listPlanRows(
  db: Queryable,
  filter: { status?: string; kind?: string } = {},
): Promise<PlanRecord[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(
      and(
        filter.status ? eq(plans.status, filter.status) : undefined,
        filter.kind ? eq(plans.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(asc(plans.sortOrder), asc(plans.price), asc(plans.createdAt));
  return withFunctions(db, rows);
}

export async function findPlan(db: Queryable, id: string): Promise<PlanRecord | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) return null;
  const [record] = await withFunctions(db, [row]);
  return record ?? null;
}

export async function lockPlan(tx: Tx, id: string): Promise<PlanRow | null> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row ?? null;
}

export async function findPlanByKey(db: Queryable, key: string, exceptId?: string) {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.key, key), exceptId ? ne(plans.id, exceptId) : undefined));
  return row ?? null;
}

export async function findDefaultPlan(db: Queryable): Promise<PlanRecord | null> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true));
  if (!row) return null;
  const [record] = await withFunctions(db, [row]);
  return record ?? null;
}

/** An active subscription plan named by its key or id (the `default_plan` dynamic config). */
export async function findActivePlanByKeyOrId(db: Queryable, wanted: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(
      and(
        or(eq(plans.key, wanted), eq(plans.id, wanted)),
        eq(plans.kind, 'subscription'),
        eq(plans.status, 'active'),
      ),
    );
  return row ?? null;
}

export async function countPlans(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(plans);
  return row?.n ?? 0;
}

export async function insertPlan(tx: Tx, row: NewPlanRow, functions: string[]): Promise<string> {
  const [made] = await tx.insert(plans).values(row).returning({ id: plans.id });
  if (!made) throw new Error('plan was not written');
  await replacePlanFunctions(tx, made.id, functions);
  return made.id;
}

export async function updatePlanRow(tx: Tx, id: string, change: Partial<NewPlanRow>): Promise<void> {
  await tx
    .update(plans)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(plans.id, id));
}

export async function deletePlanRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, id));
}

export async function replacePlanFunctions(tx: Tx, planId: string, functions: string[]): Promise<void> {
  await tx.delete(planFunctions).where(eq(planFunctions.planId, planId));
  const unique = [...new Set(functions)];
  if (unique.length)
    await tx.insert(planFunctions).values(unique.map((functionKey) => ({ planId, functionKey })));
}

export async function setPlanFunction(tx: Tx, planId: string, functionKey: string, allowed: boolean) {
  if (allowed) {
    await tx.insert(planFunctions).values({ planId, functionKey }).onConflictDoNothing();
  } else {
    await tx
      .delete(planFunctions)
      .where(and(eq(planFunctions.planId, planId), eq(planFunctions.functionKey, functionKey)));
  }
}

/** Every function key any plan names (with the built-in ones, the permission matrix's columns). */
export async function knownFunctionKeys(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: planFunctions.functionKey })
    .from(planFunctions)
    .orderBy(asc(planFunctions.functionKey));
  return rows.map((row) => row.key);
}

/** Teams holding each plan now (active or waiting to start) and orders made of it. */
export async function planUsage(
  db: Queryable,
): Promise<Map<string, { subscribers: number; orders: number }>> {
  const [subs, ords] = await Promise.all([
    db
      .select({ planId: subscriptions.planId, n: sql<number>`count(distinct ${subscriptions.teamId})::int` })
      .from(subscriptions)
      .where(inArray(subscriptions.status, ['active', 'scheduled']))
      .groupBy(subscriptions.planId),
    db.select({ planId: orders.planId, n: count() }).from(orders).groupBy(orders.planId),
  ]);
  const usage = new Map<string, { subscribers: number; orders: number }>();
  for (const row of subs) usage.set(row.planId, { subscribers: row.n, orders: 0 });
  for (const row of ords) {
    const seen = usage.get(row.planId) ?? { subscribers: 0, orders: 0 };
    usage.set(row.planId, { ...seen, orders: row.n });
  }
  return usage;
}

/** Whether anything ever pointed at the plan (a subscription of any state, an order). */
export async function planEverUsed(tx: Tx, planId: string): Promise<boolean> {
  const [sub] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.planId, planId))
    .limit(1);
  if (sub) return true;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.planId, planId)).limit(1);
  return Boolean(order);
}
