import { adminOrderListFields } from '@app/contract/billing/admin-orders';
import { orderListFields } from '@app/contract/billing/orders';
import type { ListQuery } from '@app/contract/list';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { bills, invoices, orders, refunds, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

type Queryable = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type BillRow = typeof bills.$inferSelect;

/** `20261125-000042`: the UTC day and a database sequence, so it is unique and readable aloud. */
export async function nextOrderNum(tx: Tx, now: Date): Promise<string> {
  const result = await tx.execute(sql`select nextval('order_num_seq') as n`);
  const [row] = (result as unknown as { rows: { n: unknown }[] }).rows;
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}-${String(Number(row?.n ?? 0)).padStart(6, '0')}`;
}

export async function insertOrder(tx: Tx, row: NewOrderRow): Promise<OrderRow> {
  const [made] = await tx.insert(orders).values(row).returning();
  if (!made) throw new Error('order was not written');
  return made;
}

export async function insertBill(tx: Tx, row: typeof bills.$inferInsert): Promise<BillRow> {
  const [made] = await tx.insert(bills).values(row).returning();
  if (!made) throw new Error('bill was not written');
  return made;
}

/** An order of the team with its bill; null for any other team's (their ids are not told apart). */
export async function findTeamOrder(db: Queryable, teamId: string, orderId: string) {
  const [row] = await db
    .select({ order: orders, bill: bills })
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)));
  return row ?? null;
}

export async function findOrder(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ order: orders, bill: bills, userName: users.name, userEmail: users.email })
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function findTeamBill(db: Queryable, teamId: string, billId: string) {
  const [row] = await db
    .select({ bill: bills, order: orders })
    .from(bills)
    .innerJoin(orders, eq(orders.id, bills.orderId))
    .where(and(eq(bills.id, billId), eq(bills.teamId, teamId)));
  return row ?? null;
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function lockBill(tx: Tx, billId: string): Promise<BillRow | null> {
  const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
  return row ?? null;
}

/**
 * The bill and its order under row locks, in one statement: the bill's row is locked before the
 * order's (the rows are locked in the order the tables are named), as every billing path takes them.
 */
export async function lockBillAndOrder(
  tx: Tx,
  billId: string,
  orderId: string,
): Promise<{ bill: BillRow; order: OrderRow } | null> {
  const [row] = await tx
    .select({ bill: bills, order: orders })
    .from(bills)
    .innerJoin(orders, eq(orders.id, orderId))
    .where(eq(bills.id, billId))
    .for('update');
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: string, change: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error(`order ${id} is gone`);
  return row;
}

export async function updateBill(tx: Tx, id: string, change: Partial<typeof bills.$inferInsert>) {
  const [row] = await tx
    .update(bills)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(bills.id, id))
    .returning();
  if (!row) throw new Error(`bill ${id} is gone`);
  return row;
}

/**
 * The team's unpaid orders with their bills, the bills locked (bills before orders, the order
 * every path takes): confirming a new plan cancels them (one open order at a time).
 */
export async function lockUnpaidOrders(tx: Tx, teamId: string) {
  return tx
    .select({ order: orders, bill: bills })
    .from(bills)
    .innerJoin(orders, eq(orders.id, bills.orderId))
    .where(and(eq(bills.teamId, teamId), eq(orders.status, 'unpaid')))
    .for('update', { of: bills });
}

/**
 * Unpaid bills past their time become `expired` with their orders, in one statement per table;
 * `billId` limits it to one bill (checked when it is read or paid). Answers the orders expired.
 */
export async function expireBills(db: Queryable, now: Date, billId?: string): Promise<string[]> {
  const expired = await db
    .update(bills)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(eq(bills.status, 'unpaid'), lte(bills.expiresAt, now), billId ? eq(bills.id, billId) : undefined),
    )
    .returning({ orderId: bills.orderId });
  const ids = expired.map((row) => row.orderId);
  if (ids.length) {
    await db
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(orders.id, ids), eq(orders.status, 'unpaid')));
  }
  return ids;
}

// ---- Lists --------------------------------------------------------------------------------------

const invoiceStatus = sql<string | null>`(
  select ${invoices.status} from ${invoices}
  where ${invoices.orderId} = ${orders.id}
  order by ${invoices.createdAt} desc limit 1
)`;

const orderList = bindList(orderListFields, {
  order_num: orders.orderNum,
  plan_name: orders.planName,
  status: orders.status,
  kind: orders.kind,
  price: orders.price,
  creation_time: orders.createdAt,
});

function orderRows(db: Db) {
  return db
    .select({ order: orders, billId: bills.id, billExpiresAt: bills.expiresAt, invoiceStatus })
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .$dynamic();
}

export function listTeamOrderRows(db: Db, teamId: string, query: ListQuery) {
  const where = and(
    eq(orders.teamId, teamId),
    listWhere(query, orderList, (q) => searchColumns(q, [orders.orderNum, orders.planName])),
  );
  return listPage(
    db,
    query,
    () => orderRows(db).where(where),
    listOrder(query, orderList, [desc(orders.createdAt), desc(orders.id)]),
    () => db.select({ id: orders.id }).from(orders).where(where).$dynamic(),
  );
}

const adminList = bindList(adminOrderListFields, {
  order_num: orders.orderNum,
  team_name: orders.teamName,
  plan_name: orders.planName,
  status: orders.status,
  kind: orders.kind,
  method: bills.method,
  pay_amount: orders.payAmount,
  creation_time: orders.createdAt,
  paid_time: orders.paidAt,
});

function adminOrderRows(db: Db) {
  return db
    .select({ order: orders, bill: bills, userName: users.name, userEmail: users.email })
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .leftJoin(users, eq(users.id, orders.userId))
    .$dynamic();
}

export type AdminOrderRecord = Awaited<ReturnType<ReturnType<typeof adminOrderRows>['execute']>>[number];

export function listAdminOrderRows(db: Db, query: ListQuery) {
  const where = listWhere(query, adminList, (q) =>
    searchColumns(q, [orders.orderNum, orders.teamName, orders.planName, users.email]),
  );
  return listPage(
    db,
    query,
    () => adminOrderRows(db).where(where),
    listOrder(query, adminList, [desc(orders.createdAt), desc(orders.id)]),
  );
}

// ---- Refunds ------------------------------------------------------------------------------------

export async function insertRefund(tx: Tx, row: typeof refunds.$inferInsert) {
  const [made] = await tx.insert(refunds).values(row).returning();
  if (!made) throw new Error('refund was not written');
  return made;
}

export function refundsOfOrder(db: Db, orderId: string) {
  return db
    .select({ refund: refunds, actorName: users.name })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.actorId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.refundNo));
}

export async function latestInvoiceOf(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row ?? null;
}
