import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { toCreditEntry } from '../credits/account-credits.service';
import { ledgerRowsFor } from '../credits/credits.repo';
import {
  capturedPaymentOfBill,
  notificationsOfOrder,
  paymentsOfOrder,
  updatePayment,
} from '../payments/payments.repo';
import { paymentProviders } from '../payments/payments.service';
import {
  type AdminOrderRecord,
  findOrder,
  insertRefund,
  latestInvoiceOf,
  listAdminOrderRows,
  lockBill,
  lockOrder,
  refundsOfOrder,
  updateBill,
  updateOrder,
} from './orders.repo';
import { toBill, toOrder, toPaymentSummary } from './orders.service';
import { cutBack } from './subscription-lifecycle';
import { lockActive } from './subscriptions.repo';

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

function toRefund(row: Awaited<ReturnType<typeof refundsOfOrder>>[number]) {
  return {
    id: row.refund.id,
    amount: row.refund.amount,
    currency: row.refund.currency,
    credits_reversed: row.refund.creditsReversed,
    reason: row.refund.reason,
    provider_reference: row.refund.providerRef,
    actor: row.refund.actorId ? { id: row.refund.actorId, username: row.actorName ?? '' } : null,
    creation_time: toSeconds(row.refund.createdAt),
  };
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
    refundable: found.order.status === 'paid',
  };
}

/**
 * A full refund of a paid order. The provider refunds first (idempotent by the order's id, so
 * a retry after a failure here cannot refund twice); then, in one transaction with the operation
 * record: the credits the order gave are taken back as far as unused (a `refund` ledger entry),
 * the subscription it paid for is cut back, and the payment, bill and order read `refunded`.
 */
export async function refundOrder(platform: Platform, ctx: SignedInContext, orderId: string, reason: string) {
  const found = await findOrder(platform.db, orderId);
  if (!found?.bill) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  if (found.order.status !== 'paid')
    throw new AppError('CONFLICT', { msg: 'Only a paid order can be refunded' });
  const bill = found.bill;
  const payment = await capturedPaymentOfBill(platform.db, bill.id);
  let providerRef: string | null = null;
  if (payment) {
    const provider = paymentProviders(platform).get(payment.provider);
    if (!provider) throw new AppError('CONFLICT', { msg: 'The provider of this payment is not configured' });
    ({ refundRef: providerRef } = await provider.refund({
      providerRef: payment.providerRef,
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: `refund:${orderId}`,
    }));
  }
  const refund = await audited(
    platform.db,
    ctx,
    { action: 'order.refund', targetType: 'order', targetId: orderId },
    async (tx) => {
      const now = new Date();
      await lockActive(tx, found.order.teamId);
      await lockBill(tx, bill.id);
      const order = await lockOrder(tx, orderId);
      if (order?.status !== 'paid')
        throw new AppError('CONFLICT', { msg: 'Only a paid order can be refunded' });
      const credits = await cutBack(tx, order, now, { actorId: ctx.user.id, reason });
      if (payment) await updatePayment(tx, payment.id, { status: 'refunded' });
      await updateBill(tx, bill.id, { status: 'refunded' });
      await updateOrder(tx, orderId, { status: 'refunded', refundedAt: now });
      const made = await insertRefund(tx, {
        orderId,
        paymentId: payment?.id ?? null,
        teamId: order.teamId,
        amount: order.payAmount,
        currency: order.currency,
        creditsReversed: credits,
        reason,
        providerRef,
        actorId: ctx.user.id,
      });
      return {
        result: made,
        before: { status: 'paid' },
        after: { status: 'refunded', amount: order.payAmount, credits_reversed: credits, reason },
      };
    },
  );
  const after = await findOrder(platform.db, orderId);
  if (!after) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  return {
    order: toAdminOrder(ctx, after),
    refund: toRefund({ refund, actorName: ctx.user.name }),
  };
}
