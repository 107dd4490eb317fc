import type { Db, Tx } from '../../platform/db';
import type { BillsToPay } from './bills-to-pay';
import { findPaymentByRef, insertNotification, lockPaymentByRef, updatePayment } from './payments.repo';
import type { ProviderNotification } from './provider';

/**
 * What became of a notification. `applied` happens once per bill whatever is replayed: the
 * payment row is locked by its unique provider reference and a bill has one captured payment.
 */
export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'recorded'
  | 'ignored'
  | 'unknown_reference'
  | 'refused_signature'
  | 'refused_amount'
  | 'refused_currency'
  | 'refused_expired'
  | 'refused_paid'
  | 'returned'
  | 'missing_permission';

interface Decision {
  outcome: NotificationOutcome;
  detail: string | null;
}

/**
 * The one handler for every vendor's notifications, in one transaction: the team's plan, the
 * bill, the order and the payment are locked (in the order every billing path takes), the
 * amount and currency checked against the bill, and then the bill, order, payment, subscription
 * and credits change together, or nothing does (billing's part through `bills`, which billing
 * registers). Every notification is logged with its outcome, refused ones with the reason, in the
 * same transaction.
 */
export async function applyNotification(
  db: Db,
  bills: BillsToPay,
  provider: string,
  notification: ProviderNotification,
  now = new Date(),
  /**
   * A payment the vendor took before its trade closed at the bill's expiry, learnt only then (by
   * reconciliation's close or query): honoured on the expired bill, never on a canceled one. The
   * vendors stop taking payment at the bill's expiry (`time_expire`, Checkout's `expires_at`).
   */
  options: { honourLate?: boolean } = {},
): Promise<NotificationOutcome> {
  const log = (tx: Db | Tx, decision: Decision, ids: { paymentId?: string; orderId?: string } = {}) =>
    insertNotification(tx, {
      provider,
      eventId: notification.eventId,
      providerRef: notification.providerRef,
      paymentId: ids.paymentId ?? null,
      orderId: ids.orderId ?? null,
      action: notification.action,
      outcome: decision.outcome,
      detail: decision.detail,
      amount: notification.amount,
      currency: notification.currency,
      payload: notification.payload as object,
    });

  // Told by the adapter: its key may not read what the notice names, so the log says which
  // permission to give the key (an operator fixes it; Stripe's redelivery never would).
  const known = await findPaymentByRef(db, provider, notification.providerRef);
  if (notification.missingPermission && notification.action === 'not_supported') {
    await log(
      db,
      {
        outcome: 'missing_permission',
        detail: `the key lacks the ${notification.missingPermission} permission`,
      },
      known ? { paymentId: known.id, orderId: known.orderId } : {},
    );
    return 'missing_permission';
  }
  if (!known && notification.mirrored && notification.action === 'not_supported') {
    await log(db, { outcome: 'recorded', detail: `kept in the ${notification.mirrored} mirror` });
    return 'recorded';
  }
  if (!known) {
    await log(db, { outcome: 'unknown_reference', detail: 'no payment has this reference' });
    return 'unknown_reference';
  }
  // A payment captured (or captured, then refunded) never goes back: whatever this notice says,
  // the transaction below would only log it (a redelivery, a late failure). Logged without the
  // locks, so a vendor's retries cost one read and one insert.
  if (known.status === 'captured' || known.status === 'refunded') {
    const ignored = notification.action === 'not_supported' || notification.action === 'refund_update';
    const decision: Decision = ignored
      ? { outcome: 'ignored', detail: null }
      : { outcome: 'duplicate', detail: `payment already ${known.status}` };
    await log(db, decision, { paymentId: known.id, orderId: known.orderId });
    return decision.outcome;
  }
  return db.transaction(async (tx) => {
    const bill = await bills.lock(tx, { teamId: known.teamId, billId: known.billId, orderId: known.orderId });
    const payment = await lockPaymentByRef(tx, provider, notification.providerRef);
    if (!bill || !payment) throw new Error(`payment ${known.id} lost its bill or order`);
    const ids = { paymentId: payment.id, orderId: bill.orderId };
    const decide = async (decision: Decision) => {
      await log(tx, decision, ids);
      return decision.outcome;
    };

    if (notification.action === 'not_supported' || notification.action === 'refund_update')
      return decide({ outcome: 'ignored', detail: null });
    if (notification.action === 'failed' || notification.action === 'canceled') {
      // A late failure never undoes a capture (notifications arrive out of order).
      if (payment.status === 'captured' || payment.status === 'refunded') {
        return decide({ outcome: 'duplicate', detail: `payment already ${payment.status}` });
      }
      await updatePayment(tx, payment.id, { status: notification.action });
      return decide({ outcome: 'recorded', detail: null });
    }

    if (payment.status === 'captured' || payment.status === 'refunded') {
      return decide({ outcome: 'duplicate', detail: `payment already ${payment.status}` });
    }
    if (bill.status === 'paid' || bill.status === 'refunded') {
      return decide({
        outcome: 'refused_paid',
        detail: 'the bill was paid by another payment: refund this one',
      });
    }
    if (notification.amount !== bill.amount) {
      return decide({
        outcome: 'refused_amount',
        detail: `bill ${bill.amount} ${bill.currency}, notification ${notification.amount ?? 'none'}`,
      });
    }
    if ((notification.currency ?? '').toUpperCase() !== bill.currency) {
      return decide({
        outcome: 'refused_currency',
        detail: `bill ${bill.currency}, notification ${notification.currency ?? 'none'}`,
      });
    }
    const honoured = options.honourLate === true && (bill.status === 'unpaid' || bill.status === 'expired');
    if (!honoured && (bill.status !== 'unpaid' || bill.expiresAt <= now)) {
      return decide({
        outcome: 'refused_expired',
        detail: `bill ${bill.status}, expired at ${bill.expiresAt.toISOString()}`,
      });
    }

    await updatePayment(tx, payment.id, { status: 'captured', capturedAt: now });
    await bills.markPaid(tx, bill, { method: provider, now });
    return decide({ outcome: 'applied', detail: null });
  });
}
