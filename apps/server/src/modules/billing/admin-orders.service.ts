import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { toCreditEntry } from '../credits/account-credits.service';
import { ledgerRowsFor } from '../credits/credits.service';
import { notificationsOfOrder, paymentsOfOrder } from '../payments/payments.service';
import {
  type AdminOrderRecord,
  findOrder,
  latestInvoiceOf,
  listAdminOrderRows,
  refundsOfOrder,
} from './orders.repo';
import { toBill, toOrder, toPaymentSummary } from './orders.service';
import { refundOrder as makeRefund, toRefund } from './refunds.service';

const ORDER_NOT_FOUND = 'Order not found';

function toAdminOrder(
  ctx: SignedInContext,
  row: Pick<AdminOrderRecord, 'order' | 'bill' | 'userName' | 'userEmail'>,
) {
  return {
    ...toOrder(ctx, row.order),
    team: { id: row.order.teamId, name: row.order.teamName },
    user: row.order.userId
      ? { id: row.order.userId, username: row.userName ?? '', email: row.userEmail ?? '' }
      : null,
    method: row.bill?.method ?? null,
  };
}

export async function listAdminOrders(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listAdminOrderRows(platform.db, query), (row) => toAdminOrder(ctx, row));
}

export async function getAdminOrder(platform: Platform, ctx: SignedInContext, orderId: string) {
  const found = await findOrder(platform.db, orderId);
  if (!found) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  const [payments, refunds, entries, notifications, invoice] = await Promise.all([
    paymentsOfOrder(platform.db, orderId),
    refundsOfOrder(platform.db, orderId),
    ledgerRowsFor(platform.db, 'order', orderId),
    notificationsOfOrder(platform.db, orderId),
    latestInvoiceOf(platform.db, orderId),
  ]);
  // What is left to refund: paid, less refunds that succeeded or wait for the provider.
  const committed = refunds
    .filter((row) => row.refund.status !== 'failed')
    .reduce((sum, row) => sum + row.refund.amount, 0);
  const refundableAmount = found.order.status === 'paid' ? Math.max(found.order.payAmount - committed, 0) : 0;
  return {
    order: toAdminOrder(ctx, found),
    bill: found.bill ? toBill(found.bill) : null,
    payments: payments.map(toPaymentSummary),
    refunds: refunds.map(toRefund),
    credit_entries: entries.map((entry) => toCreditEntry(ctx, entry)),
    notifications: notifications.map((row) => ({
      id: row.id,
      provider: row.provider,
      event_id: row.eventId,
      outcome: row.outcome,
      detail: row.detail,
      amount: row.amount,
      currency: row.currency,
      creation_time: toSeconds(row.createdAt),
    })),
    invoice,
    refundable: refundableAmount > 0 || (found.order.status === 'paid' && found.order.payAmount === 0),
    refundable_amount: refundableAmount,
  };
}

/**
 * `POST /api/admin/orders/{id}/refund`: the refund (see `refunds.service.ts`), answered with the
 * order and the refund as they are once the provider has answered.
 */
export async function refundOrder(
  platform: Platform,
  ctx: SignedInContext,
  orderId: string,
  input: { reason: string; amount?: number; request_id?: string },
) {
  const { refund } = await makeRefund(platform, ctx, orderId, input);
  const [after, refunds] = await Promise.all([
    findOrder(platform.db, orderId),
    refundsOfOrder(platform.db, orderId),
  ]);
  const now = refunds.find((row) => row.refund.id === refund.id);
  if (!after || !now) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  return { order: toAdminOrder(ctx, after), refund: toRefund(now) };
}
