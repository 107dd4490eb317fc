import { AppError } from '../../platform/app-error';
import type { BillsToPay, PayableBill, RecurringTerms, UpgradeTerms } from '../payments/bills-to-pay';
import {
  type BillRow,
  expireBills,
  findTeamBill,
  lockBillAndOrder,
  type OrderRow,
  updateBill,
  updateOrder,
} from './orders.repo';
import { INVALID_BILL } from './orders.service';
import { openRenewalBill } from './renewal-orders';
import { fulfilOrder } from './subscription-lifecycle';
import { lockActive } from './subscriptions.repo';

const payable = (bill: BillRow, order: OrderRow, status = bill.status): PayableBill => ({
  id: bill.id,
  orderId: order.id,
  orderNum: order.orderNum,
  planName: order.planName,
  status,
  amount: bill.amount,
  currency: bill.currency,
  expiresAt: bill.expiresAt,
  recurring: recurringOf(order),
  upgrade: upgradeOf(order),
});

/**
 * A plan started from the free plan and paid in full renews by itself where the provider can;
 * every other order (a renewal by hand, a plan change, a credit pack) is paid once.
 */
function recurringOf(order: OrderRow): RecurringTerms | null {
  if (order.kind !== 'subscribe' || order.prorationCredit !== 0) return null;
  return termsOf(order);
}

/** An upgrade, which the provider renewing the current plan can change that subscription to. */
function upgradeOf(order: OrderRow): UpgradeTerms | null {
  const terms = order.kind === 'upgrade' ? termsOf(order) : null;
  return terms ? { terms, price: order.price, pricedAt: order.createdAt } : null;
}

function termsOf(order: OrderRow): RecurringTerms | null {
  if (order.planKind !== 'subscription') return null;
  const unit = order.validityUnit;
  if (unit !== 'day' && unit !== 'month' && unit !== 'year') return null;
  return {
    teamId: order.teamId,
    userId: order.userId,
    planId: order.planId,
    validity: order.validity,
    validityUnit: unit,
  };
}

/** Billing's bills as the payments module takes money for them (registered in `billing.routes.ts`). */
export const payableBills: BillsToPay = {
  async teamBill(db, { teamId, billId }) {
    const found = await findTeamBill(db, teamId, billId);
    if (!found) throw new AppError('NOT_FOUND', { msg: INVALID_BILL });
    if (found.bill.status === 'unpaid' && found.bill.expiresAt <= new Date()) {
      await expireBills(db, new Date(), found.bill.id);
      return payable(found.bill, found.order, 'expired');
    }
    return payable(found.bill, found.order);
  },

  async lock(tx, { teamId, billId, orderId }) {
    // The team's plan first: a payment, the period job and an operator never change one team at once.
    await lockActive(tx, teamId);
    const locked = await lockBillAndOrder(tx, billId, orderId);
    return locked ? payable(locked.bill, locked.order) : null;
  },

  async markPaid(tx, bill, { method, now }) {
    await updateBill(tx, bill.id, { status: 'paid', paidAt: now, method });
    const paid = await updateOrder(tx, bill.orderId, { status: 'paid', paidAt: now });
    await fulfilOrder(tx, paid, now);
  },

  async lockTeam(tx, teamId) {
    await lockActive(tx, teamId);
  },

  async openRenewal(tx, input) {
    const made = await openRenewalBill(tx, input);
    return made ? payable(made.bill, made.order) : null;
  },
};
