import type { Tx } from '../../platform/db';
import type { RenewalInput } from '../payments/bills-to-pay';
import { type BillRow, findOrder, insertBill, insertOrder, nextOrderNum, type OrderRow } from './orders.repo';
import { BILL_MINUTES } from './orders.service';
import { findPlan } from './plans.repo';
import { lockActive, scheduledChain } from './subscriptions.repo';

/**
 * A provider's automatic renewal (a paid Stripe renewal invoice) as one order of its own: kind
 * `renew`, for the plan the first order bought, at what the provider charged, with an unpaid bill
 * that the renewal's payment then pays through the one handler, so a renewal grants its period
 * the way a renewal bought by hand does, and exactly once (the payment's provider reference is the
 * invoice's id, unique). The caller holds the team's plan lock and has checked no payment has the
 * reference yet. Null when the first order is gone (nothing to renew).
 */
export async function openRenewalBill(
  tx: Tx,
  input: RenewalInput,
): Promise<{ order: OrderRow; bill: BillRow } | null> {
  const first = await findOrder(tx, input.firstOrderId);
  if (!first || first.order.teamId !== input.teamId) return null;
  const was = first.order;
  // The plan as it is now (its credits are the period's), or the first order's snapshot if deleted.
  const plan = await findPlan(tx, was.planId);
  const active = await lockActive(tx, input.teamId);
  const chain = active ? await scheduledChain(tx, input.teamId) : [];
  const startsAt = chain.at(-1)?.sub.periodEnd ?? active?.sub.periodEnd ?? input.now;
  const order = await insertOrder(tx, {
    orderNum: await nextOrderNum(tx, input.now),
    teamId: was.teamId,
    teamName: was.teamName,
    userId: was.userId,
    planId: was.planId,
    planKey: plan?.key ?? was.planKey,
    planName: plan?.name ?? was.planName,
    planKind: was.planKind,
    validity: was.validity,
    validityUnit: was.validityUnit,
    credits: plan?.credits ?? was.credits,
    price: input.amount,
    prorationCredit: 0,
    payAmount: input.amount,
    currency: input.currency,
    kind: 'renew',
    replacesSubscriptionId: null,
    startsAt: active && !active.plan.isDefault ? startsAt : null,
  });
  const bill = await insertBill(tx, {
    orderId: order.id,
    teamId: order.teamId,
    amount: input.amount,
    currency: input.currency,
    expiresAt: new Date(input.now.getTime() + BILL_MINUTES * 60_000),
  });
  return { order, bill };
}
