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
  /**
   * What renews by itself, where the provider can (Stripe's subscriptions): a plan started from the
   * free plan, paid in full. Null for anything else (a renewal bought by hand, a plan change, a
   * credit pack), which is paid once.
   */
  recurring: RecurringTerms | null;
  /**
   * An upgrade to a plan the provider can renew (Stripe's subscriptions): where the team's current
   * plan is one it renews, the subscription is changed to the new plan instead of paid beside it.
   * Null for anything else.
   */
  upgrade: UpgradeTerms | null;
}

/** An upgrade as a provider changes a subscription: the new plan's terms and full price, and when it was priced. */
export interface UpgradeTerms {
  terms: RecurringTerms;
  /** The new plan's price for a whole period (the bill is this less the old period's unused part). */
  price: number;
  /** When the order was priced: the provider prorates at the same second, so it asks the same amount. */
  pricedAt: Date;
}

/** The period a recurring payment renews at, and whose it is (the provider keeps it as metadata). */
export interface RecurringTerms {
  teamId: string;
  /** Who confirmed the order (null once that account is gone). */
  userId: string | null;
  planId: string;
  validity: number;
  validityUnit: 'day' | 'month' | 'year';
}

/** A provider renewed a recurring payment by itself: what it charged, for the order that started it. */
export interface RenewalInput {
  teamId: string;
  firstOrderId: string;
  amount: number;
  currency: string;
  now: Date;
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
  /** Takes the team's plan lock (what `lock` takes first), before a renewal's payment is looked for. */
  lockTeam(tx: Tx, teamId: string): Promise<void>;
  /**
   * A renewal the provider charged by itself: its own order and unpaid bill, paid next through the
   * one handler. Inside the caller's transaction, under `lockTeam`. Null if the first order is gone.
   */
  openRenewal(tx: Tx, input: RenewalInput): Promise<PayableBill | null>;
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
