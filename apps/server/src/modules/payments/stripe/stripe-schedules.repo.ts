import { stripeScheduleListFields } from '@app/contract/billing/stripe-schedules';
import type { ListQuery } from '@app/contract/list';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { orders, plans, stripeSubscriptionSchedules, teams } from '../../../db/schema';
import type { Db, Tx } from '../../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../../platform/list-query';

type Queryable = Db | Tx;

export type StripeScheduleRow = typeof stripeSubscriptionSchedules.$inferSelect;
export type { StripeSchedulePhaseRecord } from '../../../db/schema';

/** One schedule's mirror is written by one reader at a time (held to the end of the transaction). */
export async function lockScheduleMirror(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stripe_schedule:${id}`}))`);
}

export async function upsertScheduleMirror(
  tx: Queryable,
  row: typeof stripeSubscriptionSchedules.$inferInsert,
) {
  const { id: _id, ...change } = row;
  const [made] = await tx
    .insert(stripeSubscriptionSchedules)
    .values(row)
    .onConflictDoUpdate({ target: stripeSubscriptionSchedules.id, set: change })
    .returning();
  if (!made) throw new Error('stripe subscription schedule was not written');
  return made;
}

const list = bindList(stripeScheduleListFields, {
  schedule_id: stripeSubscriptionSchedules.id,
  subscription_id: stripeSubscriptionSchedules.subscriptionId,
  team_id: stripeSubscriptionSchedules.teamId,
  team_name: teams.name,
  status: stripeSubscriptionSchedules.status,
  end_behavior: stripeSubscriptionSchedules.endBehavior,
  current_phase_end: stripeSubscriptionSchedules.currentPhaseEnd,
  creation_time: stripeSubscriptionSchedules.stripeCreatedAt,
  synced_time: stripeSubscriptionSchedules.syncedAt,
});

function scheduleRows(db: Queryable) {
  return db
    .select({ schedule: stripeSubscriptionSchedules, teamName: teams.name })
    .from(stripeSubscriptionSchedules)
    .leftJoin(teams, eq(teams.id, stripeSubscriptionSchedules.teamId))
    .$dynamic();
}

export type ScheduleRecord = { schedule: StripeScheduleRow; teamName: string | null };

export function listScheduleRows(db: Db, query: ListQuery) {
  const where = listWhere(query, list, (q) =>
    searchColumns(q, [
      stripeSubscriptionSchedules.id,
      stripeSubscriptionSchedules.subscriptionId,
      stripeSubscriptionSchedules.customerId,
      teams.name,
    ]),
  );
  return listPage(
    db,
    query,
    () => scheduleRows(db).where(where),
    listOrder(query, list, [
      desc(stripeSubscriptionSchedules.stripeCreatedAt),
      desc(stripeSubscriptionSchedules.id),
    ]),
  );
}

export async function findScheduleRecord(db: Queryable, id: string): Promise<ScheduleRecord | null> {
  const [row] = await scheduleRows(db).where(eq(stripeSubscriptionSchedules.id, id));
  return row ?? null;
}

/** The names of the plans the phases name (metadata may name a plan since deleted: it is left out). */
export async function planNamesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The readable numbers of the orders the phases name (an operator knows an order by it). */
export async function orderNumsOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, num: orders.orderNum })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.num]));
}
