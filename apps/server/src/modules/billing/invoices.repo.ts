import { adminInvoiceListFields, invoiceListFields } from '@app/contract/billing/invoices';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import { bills, invoices, orders, subscriptions, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

type Queryable = Db | Tx;

export type InvoiceRow = typeof invoices.$inferSelect;

function invoiceRows(db: Queryable) {
  return db
    .select({ invoice: invoices, order: orders, requesterName: users.name, requesterLocale: users.locale })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(users, eq(users.id, invoices.requestedBy))
    .$dynamic();
}

export type InvoiceRecord = Awaited<ReturnType<ReturnType<typeof invoiceRows>['execute']>>[number];

/** An invoice of the team (`teamId`), or any team's for admins (`null`). */
export async function findInvoice(db: Queryable, id: string, teamId: string | null) {
  const [row] = await invoiceRows(db).where(
    and(eq(invoices.id, id), teamId ? eq(invoices.teamId, teamId) : undefined),
  );
  return row ?? null;
}

export async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row ?? null;
}

/** A live (requested or issued) invoice of an order, if any. */
export async function liveInvoiceOf(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.status, ['requested', 'issued'])));
  return row ?? null;
}

/** Null when the order already has a live invoice (the unique index decides under concurrency). */
export async function insertInvoice(tx: Queryable, row: typeof invoices.$inferInsert) {
  const [made] = await tx.insert(invoices).values(row).onConflictDoNothing().returning({ id: invoices.id });
  return made?.id ?? null;
}

export async function updateInvoice(tx: Tx, id: string, change: Partial<typeof invoices.$inferInsert>) {
  await tx
    .update(invoices)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

/**
 * What an invoice states about its order beyond the order row: the provider that took the payment
 * (the bill's method) and the service period the order paid for (its subscription's; none for a
 * credit pack).
 */
export async function invoicedOrderFacts(db: Queryable, orderId: string) {
  const [bill] = await db.select({ method: bills.method }).from(bills).where(eq(bills.orderId, orderId));
  const [period] = await db
    .select({ start: min(subscriptions.periodStart), end: max(subscriptions.periodEnd) })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
  return {
    method: bill?.method ?? null,
    period: period?.start && period.end ? { start: new Date(period.start), end: new Date(period.end) } : null,
  };
}

/** `INV-2026-000042`: the year and a database sequence. */
export async function nextInvoiceNumber(tx: Tx, now: Date): Promise<string> {
  const result = await tx.execute(sql`select nextval('invoice_num_seq') as n`);
  const [row] = (result as unknown as { rows: { n: unknown }[] }).rows;
  return `INV-${now.getUTCFullYear()}-${String(Number(row?.n ?? 0)).padStart(6, '0')}`;
}

const teamList = bindList(invoiceListFields, {
  status: invoices.status,
  order_num: orders.orderNum,
  title: invoices.title,
  amount: orders.payAmount,
  creation_time: invoices.createdAt,
});
const adminList = bindList(adminInvoiceListFields, {
  status: invoices.status,
  order_num: orders.orderNum,
  title: invoices.title,
  amount: orders.payAmount,
  creation_time: invoices.createdAt,
  team_name: orders.teamName,
});

export function listInvoiceRows(db: Db, teamId: string | null, query: ListQuery) {
  const list = teamId ? teamList : adminList;
  const where = and(
    teamId ? eq(invoices.teamId, teamId) : undefined,
    listWhere(query, list, (q) =>
      searchColumns(q, [
        orders.orderNum,
        invoices.title,
        invoices.taxNumber,
        invoices.email,
        orders.teamName,
      ]),
    ),
  );
  return listPage(
    db,
    query,
    () => invoiceRows(db).where(where),
    listOrder(query, list, [desc(invoices.createdAt), desc(invoices.id)]),
  );
}
