import type { Db, Tx } from '../../platform/db';
import type { Platform } from '../../platform/platform';

/**
 * What payments needs of the bills it takes money for. Payments sits below billing: billing shows
 * an order's payments and refunds them through the providers here, so payments may not import
 * billing. Billing registers the one implementation when it registers its routes; a payment
 * started, and a captured payment's effect on the bill, its order and what it bought, go through it.
 */

/** A bill as payments sees it: what to charge, for which order, until when, and its state. */
export interface PayableBill {
  id: string;
  orderId: string;
  orderNum: string;
  planName: string;
  /** `unpaid` until paid; otherwise `paid`, `expired`, `canceled` or `refunded`. */
  status: string;
  amount: number;
  currency: string;
  expiresAt: Date;
}

export interface BillsToPay {
  /**
   * The team's bill, expired first if its time has passed (the job may not have run yet). Throws
   * NOT_FOUND with billing's message for a bill that is not the team's or does not exist.
   */
  teamBill(db: Db, ids: { teamId: string; billId: string }): Promise<PayableBill>;
  /**
   * Locks what paying the bill changes, in the order every billing path takes (the team's plan,
   * the bill, its order), before payments locks the payment row. Null if the bill or order is gone.
   */
  lock(tx: Tx, ids: { teamId: string; billId: string; orderId: string }): Promise<PayableBill | null>;
  /** The bill was paid: it, its order and what the order bought change in this transaction. */
  markPaid(tx: Tx, bill: PayableBill, paid: { method: string; now: Date }): Promise<void>;
}

const registered = new WeakMap<Platform, BillsToPay>();

export function registerBillsToPay(platform: Platform, bills: BillsToPay): void {
  registered.set(platform, bills);
}

export function billsToPay(platform: Platform): BillsToPay {
  const bills = registered.get(platform);
  if (!bills) throw new Error('No bills to pay: the billing module registers them at start');
  return bills;
}
