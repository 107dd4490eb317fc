import type { FastifyBaseLogger } from 'fastify';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds, toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { describeError } from '../../platform/redact';
import { takeBack } from '../credits/ledger';
import { tellAdmins } from '../messages/tell-admins';
import {
  capturedPaymentOfBill,
  findPaymentById,
  paymentProviders,
  updatePayment,
} from '../payments/payments.service';
import { type PaymentProvider, RefundRefused, type RefundResult } from '../payments/provider';
import {
  findOrder,
  insertRefund,
  lockBill,
  lockOrder,
  type OrderRow,
  updateBill,
  updateOrder,
} from './orders.repo';
import {
  findRefund,
  lockRefund,
  pendingRefundByNumber,
  pendingRefunds,
  type RefundRow,
  refundOfRequest,
  refundTotals,
  updatePendingRefund,
  updateRefund,
} from './refunds.repo';
import { cutBack } from './subscription-lifecycle';
import { lockActive, subscriptionsOfOrder } from './subscriptions.repo';

const ORDER_NOT_FOUND = 'Order not found';
const NOT_PAID = 'Only a paid order can be refunded';

export function toRefund(row: { refund: RefundRow; actorName: string | null }) {
  return {
    id: row.refund.id,
    refund_no: row.refund.refundNo,
    status: row.refund.status as 'pending' | 'succeeded' | 'failed',
    amount: row.refund.amount,
    currency: row.refund.currency,
    credits_reversed: row.refund.creditsReversed,
    reason: row.refund.reason,
    provider_reference: row.refund.providerRef,
    failure: row.refund.failure,
    settled_time: toSecondsOrNull(row.refund.settledAt),
    actor: row.refund.actorId ? { id: row.refund.actorId, username: row.actorName ?? '' } : null,
    creation_time: toSeconds(row.refund.createdAt),
  };
}

/**
 * The credits a refund of `refunded` (of what was paid, cumulatively) stands for: the order's
 * credits in proportion, rounded down, and all of them once everything is refunded. A refund's
 * own share is the difference before and after it, so shares add up to the order's credits
 * exactly whatever the split (three refunds of a third each take 333, 333 and 334 of 1,000).
 */
export function creditsFor(order: Pick<OrderRow, 'credits' | 'payAmount'>, refunded: number): number {
  if (order.payAmount <= 0 || refunded >= order.payAmount) return order.credits;
  return Math.floor((order.credits * refunded) / order.payAmount);
}

/**
 * An operator refunds a paid order, in full or in part. In one transaction with the operation
 * record, under the order's lock: what is left to refund is checked and a `pending` refund written
 * with our number (the order's number and the refund's place: `…R1`, `…R2`). Then the provider is
 * asked, under that number (idempotent: asked again, it refunds nothing more); what it answers
 * settles the refund, or leaves it pending for reconciliation to ask again.
 */
export async function refundOrder(
  platform: Platform,
  ctx: SignedInContext,
  orderId: string,
  input: { reason: string; amount?: number; request_id?: string },
) {
  const found = await findOrder(platform.db, orderId);
  if (!found?.bill) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  const bill = found.bill;
  const again = input.request_id ? await refundOfRequest(platform.db, orderId, input.request_id) : null;
  if (again) {
    // A repeated request is recorded too, as what it was: the refund it asked for already exists.
    const same = await audited(
      platform.db,
      ctx,
      { action: 'order.refund', targetType: 'order', targetId: orderId },
      async () => ({ result: again, after: { repeat_of: again.refundNo } }),
    );
    return { refund: same };
  }
  const payment = await capturedPaymentOfBill(platform.db, bill.id);
  const provider = payment ? paymentProviders(platform).get(payment.provider) : undefined;
  if (payment && !provider)
    throw new AppError('CONFLICT', { msg: 'The provider of this payment is not configured' });

  const refund = await audited(
    platform.db,
    ctx,
    { action: 'order.refund', targetType: 'order', targetId: orderId },
    async (tx) => {
      await lockActive(tx, found.order.teamId);
      await lockBill(tx, bill.id);
      const order = await lockOrder(tx, orderId);
      if (order?.status !== 'paid') throw new AppError('CONFLICT', { msg: NOT_PAID });
      const totals = await refundTotals(tx, orderId);
      const left = order.payAmount - totals.committed;
      if (order.payAmount > 0 && left <= 0)
        throw new AppError('CONFLICT', { msg: 'All that was paid is refunded or being refunded' });
      const amount = input.amount ?? left;
      if (amount > left) throw validationError({ amount: 'More than is left to refund' });
      const made = await insertRefund(tx, {
        orderId,
        paymentId: payment?.id ?? null,
        teamId: order.teamId,
        refundNo: `${order.orderNum}R${totals.count + 1}`,
        requestId: input.request_id ?? null,
        amount,
        currency: order.currency,
        reason: input.reason,
        actorId: ctx.user.id,
      });
      // Nothing was paid through a provider (a free order, or one paid by credit): done at once.
      const settled = payment
        ? made
        : (await settleLocked(tx, order, made, { state: 'succeeded', refundRef: null })).row;
      return {
        result: settled,
        before: { status: order.status, refunded: totals.committed },
        after: { refund_no: made.refundNo, amount, reason: input.reason },
      };
    },
  );
  if (payment && provider) await askProvider(platform, provider, payment, refund);
  return { refund };
}

/**
 * Asks the provider to make the refund (again: the number makes it one refund), and settles what
 * it answers. A refusal fails the refund; no answer at all leaves it pending, the reason kept, for
 * reconciliation to ask again.
 */
async function askProvider(
  platform: Platform,
  provider: PaymentProvider,
  payment: { providerRef: string; amount: number; currency: string },
  refund: RefundRow,
): Promise<void> {
  let result: RefundResult;
  try {
    result = await provider.refund({
      providerRef: payment.providerRef,
      amount: refund.amount,
      total: payment.amount,
      currency: payment.currency,
      idempotencyKey: refund.refundNo,
    });
  } catch (error) {
    if (!(error instanceof RefundRefused)) {
      // The reason is kept only on a refund still pending: while we waited, a notice or
      // reconciliation may have settled it, and a lost answer must not mark that one as failing.
      await updatePendingRefund(platform.db, refund.id, {
        failure: describeError(error).message.slice(0, 500),
      });
      return;
    }
    result = { state: 'failed', refundRef: null, failure: error.message };
  }
  await settleRefund(platform, refund.id, result);
}

/**
 * What the provider said of a refund, applied once: `succeeded` moves the credits and, when all is
 * refunded, the order; `failed` frees the amount again; `pending` and `missing` only keep the
 * provider's reference. The team's plan, the bill, the order and the refund are locked, in the
 * order every billing path takes, so a notice, a poll and the operator's request settle it once.
 */
export async function settleRefund(
  platform: Platform,
  refundId: string,
  result: RefundResult,
): Promise<void> {
  if (result.state === 'pending' || result.state === 'missing') {
    // Pending only: a slower answer must not clear the failure of a refund settled meanwhile.
    if (result.refundRef)
      await updatePendingRefund(platform.db, refundId, { providerRef: result.refundRef, failure: null });
    return;
  }
  const settled = await platform.db.transaction(async (tx) => {
    const peek = await findRefund(tx, refundId);
    if (!peek) return null;
    await lockActive(tx, peek.teamId);
    const found = await findOrder(tx, peek.orderId);
    if (found?.bill) await lockBill(tx, found.bill.id);
    const order = await lockOrder(tx, peek.orderId);
    const refund = await lockRefund(tx, refundId);
    if (!order || refund?.status !== 'pending') return null;
    const whole = (await settleLocked(tx, order, refund, result)).whole;
    return {
      failed:
        result.state === 'failed'
          ? { refundNo: refund.refundNo, orderId: order.id, orderNum: order.orderNum }
          : null,
      released: whole ? refund.paymentId : null,
    };
  });
  if (settled?.released) await releaseRecurring(platform, settled.released);
  const failed = settled?.failed;
  if (failed) {
    await tellAdmins(platform, {
      permission: 'admin.orders.refund',
      level: 'important',
      title: { msgid: 'A refund failed' },
      body: {
        msgid:
          'Refund {{refund}} of order {{order}} was refused by the provider: {{reason}}. Nothing was refunded.',
        params: { refund: failed.refundNo, order: failed.orderNum, reason: result.failure ?? '-' },
      },
      link: `/admin/order/details?${new URLSearchParams({ id: failed.orderId })}`,
      template: 'payments.refund',
    });
  }
}

/**
 * A payment refunded in full renews no more: what it set up to recur at the provider (a Stripe
 * subscription) is ended, after the refund is booked. A provider that cannot be reached now is
 * said to the operators, who end it from `/admin/stripe/subscription`.
 */
async function releaseRecurring(platform: Platform, paymentId: string): Promise<void> {
  const payment = await findPaymentById(platform.db, paymentId);
  const provider = payment ? paymentProviders(platform).get(payment.provider) : undefined;
  if (!payment || !provider?.release) return;
  try {
    await provider.release(payment.providerRef);
  } catch {
    const orderNum = (await findOrder(platform.db, payment.orderId))?.order.orderNum ?? payment.orderId;
    await tellAdmins(platform, {
      permission: 'admin.orders.refund',
      level: 'important',
      title: { msgid: 'A refunded payment still renews' },
      body: {
        msgid:
          'Order {{order}} was refunded in full, but {{provider}} could not be asked to stop renewing it. End its subscription at the provider.',
        params: { order: orderNum, provider: payment.provider },
      },
      link: `/admin/order/details?${new URLSearchParams({ id: payment.orderId })}`,
      template: 'payments.release',
    });
  }
}

/**
 * Settles a locked pending refund (see `settleRefund`); answers it as it then is, and whether it
 * completed the order's refund.
 */
async function settleLocked(
  tx: Tx,
  order: OrderRow,
  refund: RefundRow,
  result: RefundResult,
): Promise<{ row: RefundRow; whole: boolean }> {
  const now = new Date();
  if (result.state === 'failed') {
    const row = await updateRefund(tx, refund.id, {
      status: 'failed',
      failure: (result.failure ?? 'refused').slice(0, 500),
      providerRef: result.refundRef ?? refund.providerRef,
      settledAt: now,
    });
    return { row, whole: false };
  }
  const before = (await refundTotals(tx, order.id)).succeeded;
  const after = before + refund.amount;
  const share = creditsFor(order, after) - creditsFor(order, before);
  const actor = { actorId: refund.actorId, reason: refund.reason };
  let credits = 0;
  if (after >= order.payAmount) {
    // All of it refunded: the order is undone (its period ends, or is dropped if not begun).
    credits = await cutBack(tx, order, now, actor, share);
    if (refund.paymentId) await updatePayment(tx, refund.paymentId, { status: 'refunded' });
    const bill = (await findOrder(tx, order.id))?.bill;
    if (bill) await updateBill(tx, bill.id, { status: 'refunded' });
    await updateOrder(tx, order.id, { status: 'refunded', refundedAt: now });
  } else if (share > 0) {
    credits = await takeShare(tx, order, share, actor);
  }
  const row = await updateRefund(tx, refund.id, {
    status: 'succeeded',
    creditsReversed: credits,
    providerRef: result.refundRef ?? refund.providerRef,
    failure: null,
    settledAt: now,
  });
  return { row, whole: after >= order.payAmount };
}

/**
 * A part refund's credits: a pack's from the bought credits; a plan's from this period's grant,
 * only while the period it paid for runs (one not begun has granted nothing yet).
 */
async function takeShare(
  tx: Tx,
  order: OrderRow,
  share: number,
  actor: { actorId: string | null; reason: string },
): Promise<number> {
  const ref = { referenceType: 'order', referenceId: order.id, note: actor.reason, userId: actor.actorId };
  if (order.kind === 'buy') return takeBack(tx, order.teamId, { granted: 0, purchased: share }, ref);
  const rows = await subscriptionsOfOrder(tx, order.id);
  if (!rows.some(({ sub }) => sub.status === 'active')) return 0;
  return takeBack(tx, order.teamId, { granted: share, purchased: 0 }, ref);
}

/** Pending refunds asked about per run; the rest wait for the next minute. */
const REFUNDS_PER_RUN = 50;
/**
 * A refund the provider has no record of is asked again, under its number, for this long: within
 * Stripe's 24 hours an idempotency key answers the refund it made (a lost answer) rather than a
 * second one. Past it, the refund is failed, and the operators told.
 */
const ASK_AGAIN_FOR_MS = 23 * 60 * 60 * 1000;

/**
 * Reconciliation's refund half (each minute): every pending refund is asked of its provider and
 * settled as the provider answers; one the provider never made (asking it failed) is asked again
 * under the same number.
 */
export async function reconcileRefunds(
  platform: Platform,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ asked: number; failed: number }> {
  const report = { asked: 0, failed: 0 };
  const providers = paymentProviders(platform);
  for (const { refund, payment } of await pendingRefunds(platform.db, REFUNDS_PER_RUN)) {
    const provider = providers.get(payment.provider);
    if (!provider) continue;
    report.asked += 1;
    try {
      await reconcileRefund(platform, provider, refund, payment, now);
    } catch (error) {
      report.failed += 1;
      log?.warn({ provider: provider.method, refund: refund.id, err: error }, 'could not reconcile a refund');
    }
  }
  return report;
}

/** Asks the provider about one pending refund and settles what it says (see `reconcileRefunds`). */
async function reconcileRefund(
  platform: Platform,
  provider: PaymentProvider,
  refund: RefundRow,
  payment: { providerRef: string; amount: number; currency: string },
  now: Date,
): Promise<void> {
  const held = provider.queryRefund
    ? await provider.queryRefund({
        providerRef: payment.providerRef,
        refundNo: refund.refundNo,
        refundRef: refund.providerRef,
      })
    : null;
  if (held && held.state !== 'missing') {
    await settleRefund(platform, refund.id, held);
  } else if (now.getTime() - refund.createdAt.getTime() < ASK_AGAIN_FOR_MS) {
    await askProvider(platform, provider, payment, refund);
  } else {
    await settleRefund(platform, refund.id, {
      state: 'failed',
      refundRef: null,
      failure: 'The provider never made this refund',
    });
  }
}

/**
 * A provider's news of one of our refunds (registered with payments as its refund-notice handler):
 * a pending refund of that provider is asked about and settled at once, rather than at the next
 * minute's reconciliation. Anything else (not ours, settled already) changes nothing.
 */
export async function settleNotifiedRefund(
  platform: Platform,
  input: { provider: string; refundNo: string },
): Promise<void> {
  const found = await pendingRefundByNumber(platform.db, input.refundNo);
  if (!found || found.payment.provider !== input.provider) return;
  const provider = paymentProviders(platform).get(found.payment.provider);
  if (provider) await reconcileRefund(platform, provider, found.refund, found.payment, new Date());
}
