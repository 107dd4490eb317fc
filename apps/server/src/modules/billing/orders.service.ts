import type { Bill, Order, zOrderKind, zPaymentSummary } from '@app/contract/billing/orders';
import type { zPlanChoice } from '@app/contract/billing/plans';
import type { ListQuery } from '@app/contract/list';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, validationError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds, toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { brandName } from '../payment-methods/payment-methods.service';
import type { RecurringTerms } from '../payments/bills-to-pay';
import { listProviders, paymentsOfOrder, renewingSubscriptionOfTeam } from '../payments/payments.service';
import { stopReplacedRenewals } from '../payments/stripe/replaced-renewals';
import { type StripeUpgradeCredit, stripeUpgradeCredit } from '../payments/stripe/stripe-plan-change';
import {
  type BillRow,
  expireBills,
  findTeamBill,
  findTeamOrder,
  insertBill,
  insertOrder,
  latestInvoiceOf,
  listTeamOrderRows,
  lockBill,
  lockOrder,
  lockUnpaidOrders,
  nextOrderNum,
  type OrderRow,
  updateBill,
  updateOrder,
} from './orders.repo';
import { addValidity, proRataCredit } from './periods';
import { comparePlans, type PlanTerms } from './plan-change';
import { findPlan, listPlanRows, type PlanRecord } from './plans.repo';
import { toPlan, unitAlias } from './plans.service';
import { ensureTeamBilling, fulfilOrder } from './subscription-lifecycle';
import { type ActiveRecord, findActive, lockActive, scheduledChain } from './subscriptions.repo';

/** Spec section 8: the message for a bill id that is not the caller's team's (or does not exist). */
export const INVALID_BILL = 'invalid bill number';
const ORDER_NOT_FOUND = 'Order not found';
/** ARCHITECTURE section 6: unpaid bills expire after 30 minutes. */
export const BILL_MINUTES = 30;

export type Choice = z.infer<typeof zPlanChoice>;
type OrderKind = z.infer<typeof zOrderKind>;

const termsOf = (plan: PlanRecord): PlanTerms => plan;

/**
 * What choosing `plan` means from the team's current plan (`current`, null before any), and what
 * the order does: a credit pack is bought; from the free plan a paid plan is subscribed; the
 * same plan is renewed; between two paid plans the one rule of `comparePlans` decides (an
 * upgrade, a downgrade, or the same tier for another period).
 */
export function planStep(
  current: PlanRecord | null,
  plan: PlanRecord,
): { choice: Choice; kind: OrderKind | null } {
  if (plan.kind === 'credit_pack') return { choice: 'buy', kind: 'buy' };
  if (plan.isDefault) return { choice: current?.id === plan.id ? 'current' : 'unavailable', kind: null };
  if (!current || current.isDefault) return { choice: 'subscribe', kind: 'subscribe' };
  if (plan.id === current.id) return { choice: 'renew', kind: 'renew' };
  return comparePlans(termsOf(current), termsOf(plan));
}

/** The team's current plan with its functions (an archived one is not among the plans on sale). */
async function currentPlan(db: Db | Tx, active: ActiveRecord | null, onSale: PlanRecord[] = []) {
  if (!active) return null;
  return onSale.find((plan) => plan.id === active.plan.id) ?? (await findPlan(db, active.plan.id));
}

export function toOrder(ctx: Pick<RequestContext, 't'>, row: OrderRow): Order {
  return {
    id: row.id,
    order_num: row.orderNum,
    plan_name: row.planName,
    plan_info: {
      validity: row.validity,
      validity_unit: row.validityUnit as Order['plan_info']['validity_unit'],
      validity_unit_alias: unitAlias(ctx, row.validityUnit),
    },
    creation_time: toSeconds(row.createdAt),
    price: row.price,
    order_id: row.id,
    currency: row.currency,
    pay_amount: row.payAmount,
    proration_credit: row.prorationCredit,
    status: row.status as Order['status'],
    kind: row.kind as Order['kind'],
    plan_id: row.planId,
    plan_kind: row.planKind as Order['plan_kind'],
    credits: row.credits,
    paid_time: toSecondsOrNull(row.paidAt),
    refunded_time: toSecondsOrNull(row.refundedAt),
    starts_time: toSecondsOrNull(row.startsAt),
  };
}

export function toBill(row: BillRow): Bill {
  return {
    id: row.id,
    order_id: row.orderId,
    status: row.status as Bill['status'],
    pay_amount: row.amount,
    currency: row.currency,
    expire_time: toSeconds(row.expiresAt),
    paid_time: toSecondsOrNull(row.paidAt),
    method: row.method,
    creation_time: toSeconds(row.createdAt),
  };
}

/** `/usm/plan`: active plans, each with what choosing it would mean now. */
export async function listPlansForTeam(platform: Platform, ctx: SignedInContext) {
  await ensureTeamBilling(platform.db, ctx.team.id);
  const [rows, active, providers, renewing] = await Promise.all([
    listPlanRows(platform.db, { status: 'active' }),
    findActive(platform.db, ctx.team.id),
    listProviders(platform, ctx),
    renewingSubscriptionOfTeam(platform.db, ctx.team.id),
  ]);
  const current = await currentPlan(platform.db, active, rows);
  // Renewed by Stripe, the current plan is not renewed by hand too (it would pay a period twice).
  const choiceOf = (row: PlanRecord) => {
    const { choice } = planStep(current, row);
    return choice === 'renew' && renewing ? 'current' : choice;
  };
  return {
    items: rows.map((row) => ({ ...toPlan(ctx, row), choice: choiceOf(row) })),
    current_plan_id: active?.plan.id ?? rows.find((row) => row.isDefault)?.id ?? '',
    // Test mode only while every provider offered here moves no money (the sandbox, test keys).
    test_mode: providers.items.length > 0 && providers.items.every((provider) => provider.test_mode),
  };
}

interface Priced {
  plan: PlanRecord;
  choice: Choice;
  kind: OrderKind;
  price: number;
  credit: number;
  pay: number;
  startsAt: Date;
  endsAt: Date | null;
  replaces: string | null;
}

/**
 * Prices a plan for the team now: an upgrade is credited the unused part of the current paid
 * period (its value pro rata to the second, same currency only; as Stripe credits it when Stripe
 * renews the period and will be asked to change it, `providerCredit`); a renewal or downgrade starts
 * when the paid time ends. Refused: the default plan, an archived plan, and a plan change while
 * a renewal or change already waits to start.
 */
async function price(
  db: Db | Tx,
  active: ActiveRecord | null,
  {
    teamId,
    planId,
    now,
    providerCredit = null,
  }: { teamId: string; planId: string; now: Date; providerCredit?: number | null },
): Promise<Priced> {
  const plan = await findPlan(db, planId);
  if (plan?.status !== 'active' || !plan) throw validationError({ plan_id: 'This plan is not on sale' });
  const { choice, kind } = planStep(await currentPlan(db, active), plan);
  if (kind === null) {
    throw validationError({
      plan_id: 'The free plan is not bought: it is what you have without a paid plan',
    });
  }
  if (kind === 'renew' && (await renewingSubscriptionOfTeam(db, teamId))) {
    throw new AppError('CONFLICT', {
      msg: 'Your plan renews by itself on Stripe at the end of each period: renewing it by hand would pay for a period twice',
    });
  }
  const chain = active ? await scheduledChain(db, teamId) : [];
  if ((kind === 'upgrade' || kind === 'downgrade') && chain.length > 0) {
    throw new AppError('CONFLICT', {
      msg: 'A renewal or plan change is already waiting to start; change plans after it has started',
    });
  }
  let credit = 0;
  let startsAt = now;
  if (kind === 'upgrade' && active && active.sub.currency === plan.currency) {
    credit = Math.min(
      Math.max(
        providerCredit ??
          proRataCredit(active.sub.periodValue, active.sub.periodStart, active.sub.periodEnd, now),
        0,
      ),
      plan.price,
    );
  }
  if ((kind === 'renew' || kind === 'downgrade') && active) {
    startsAt = chain.at(-1)?.sub.periodEnd ?? active.sub.periodEnd;
  }
  return {
    plan,
    choice,
    kind,
    price: plan.price,
    credit,
    pay: plan.price - credit,
    startsAt,
    endsAt: plan.kind === 'credit_pack' ? null : addValidity(startsAt, plan.validity, plan.validityUnit),
    replaces: kind === 'upgrade' && active ? active.sub.id : null,
  };
}

/**
 * Stripe's credit for upgrading a plan it renews (stripe-plan-change.ts), asked before any lock is
 * taken (a call to Stripe inside the team's transaction would hold it); null to use our own rule.
 */
async function providerCreditFor(
  platform: Platform,
  ctx: SignedInContext,
  planId: string,
  now: Date,
  options: { card?: boolean } = {},
): Promise<StripeUpgradeCredit | null> {
  const active = await findActive(platform.db, ctx.team.id);
  if (!active || active.plan.isDefault) return null;
  const plan = await findPlan(platform.db, planId);
  if (plan?.status !== 'active' || plan.kind !== 'subscription' || plan.currency !== active.sub.currency)
    return null;
  const unit = plan.validityUnit;
  if (unit !== 'day' && unit !== 'month' && unit !== 'year') return null;
  if (planStep(await currentPlan(platform.db, active), plan).kind !== 'upgrade') return null;
  const terms: RecurringTerms = {
    teamId: ctx.team.id,
    userId: ctx.user.id,
    planId: plan.id,
    validity: plan.validity,
    validityUnit: unit,
  };
  return stripeUpgradeCredit(platform, { terms, price: plan.price, pricedAt: now }, plan.currency, options);
}

export async function previewOrder(platform: Platform, ctx: SignedInContext, planId: string) {
  await ensureTeamBilling(platform.db, ctx.team.id);
  const now = new Date();
  const stripe = await providerCreditFor(platform, ctx, planId, now, { card: true });
  const priced = await price(platform.db, await findActive(platform.db, ctx.team.id), {
    teamId: ctx.team.id,
    planId,
    now,
    providerCredit: stripe?.credit ?? null,
  });
  return {
    plan_id: priced.plan.id,
    plan_name: priced.plan.name,
    kind: priced.kind,
    choice: priced.choice,
    price: priced.price,
    proration_credit: priced.credit,
    pay_amount: priced.pay,
    currency: priced.plan.currency,
    starts_time: toSeconds(priced.startsAt),
    ends_time: toSecondsOrNull(priced.endsAt),
    credits: priced.plan.credits,
    plan_kind: priced.plan.kind as Order['plan_kind'],
    validity: priced.plan.validity,
    validity_unit: priced.plan.validityUnit as Order['plan_info']['validity_unit'],
    // Paid with Stripe, the upgrade is charged at once to the card that pays the renewals.
    charged_card:
      stripe?.card && priced.pay > 0
        ? { brand: brandName(stripe.card.brand), last4: stripe.card.last4 }
        : null,
    // Nothing charged, so no invoice moves Stripe's subscription to the new plan: it ends (createOrder).
    stops_auto_renewal:
      priced.kind === 'upgrade' &&
      priced.pay === 0 &&
      (await renewingSubscriptionOfTeam(platform.db, ctx.team.id)) !== null,
  };
}

/**
 * Confirms a plan: the order (price snapshot, readable number) and its unpaid bill, which
 * expires in 30 minutes. The team's other unpaid orders are canceled (one open order at a time,
 * so a stale pro-rata price is never paid); an open order of the same plan is answered again.
 * An order with nothing to pay (an upgrade fully covered by its credit) is paid at once, and what
 * Stripe renews of the old plan stops, as after any paid upgrade.
 */
export async function createOrder(
  platform: Platform,
  ctx: SignedInContext,
  planId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  await ensureTeamBilling(platform.db, ctx.team.id);
  const now = new Date();
  const providerCredit = (await providerCreditFor(platform, ctx, planId, now))?.credit ?? null;
  const made = await platform.db.transaction(async (tx) => {
    // The team's plan lock: a payment, the period job or another confirmation waits for this one.
    const active = await lockActive(tx, ctx.team.id);
    // Inside the transaction every read goes through it (PGlite has one connection).
    const priced = await price(tx, active, { teamId: ctx.team.id, planId, now, providerCredit });
    for (const open of await lockUnpaidOrders(tx, ctx.team.id)) {
      const stillOpen = open.bill?.status === 'unpaid' && open.bill.expiresAt > now;
      if (stillOpen && open.order.planId === planId && open.order.payAmount === priced.pay) {
        return { order: open.order, bill: open.bill, paidNow: false };
      }
      if (open.bill.status === 'unpaid') await updateBill(tx, open.bill.id, { status: 'canceled' });
      await updateOrder(tx, open.order.id, { status: 'canceled', canceledAt: now });
    }
    let order = await insertOrder(tx, {
      orderNum: await nextOrderNum(tx, now),
      teamId: ctx.team.id,
      teamName: ctx.team.name,
      userId: ctx.user.id,
      planId: priced.plan.id,
      planKey: priced.plan.key,
      planName: priced.plan.name,
      planKind: priced.plan.kind,
      validity: priced.plan.validity,
      validityUnit: priced.plan.validityUnit,
      credits: priced.plan.credits,
      price: priced.price,
      prorationCredit: priced.credit,
      payAmount: priced.pay,
      currency: priced.plan.currency,
      kind: priced.kind,
      replacesSubscriptionId: priced.replaces,
      startsAt: priced.kind === 'renew' || priced.kind === 'downgrade' ? priced.startsAt : null,
      // The second it was priced at: Stripe is asked to prorate at the same one (payable-bills.ts).
      createdAt: now,
    });
    let bill = await insertBill(tx, {
      orderId: order.id,
      teamId: ctx.team.id,
      amount: priced.pay,
      currency: priced.plan.currency,
      expiresAt: new Date(now.getTime() + BILL_MINUTES * 60_000),
    });
    if (priced.pay === 0) {
      order = await updateOrder(tx, order.id, { status: 'paid', paidAt: now });
      bill = await updateBill(tx, bill.id, { status: 'paid', paidAt: now, method: 'credit' });
      await fulfilOrder(tx, order, now);
    }
    return { order, bill, paidNow: priced.pay === 0 };
  });
  if (made.paidNow) await stopReplacedRenewals(platform, { orderId: made.order.id }, log);
  return { order: toOrder(ctx, made.order), bill: toBill(made.bill) };
}

export async function listOrders(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listTeamOrderRows(platform.db, ctx.team.id, query), (row) => ({
    ...toOrder(ctx, row.order),
    bill_id: row.billId,
    bill_expire_time: toSecondsOrNull(row.billExpiresAt),
    invoice_status: row.invoiceStatus,
  }));
}

/** Reads a bill, expiring it first if its 30 minutes have passed (the job may not have run yet). */
async function freshBill(platform: Platform, { teamId, billId }: { teamId: string; billId: string }) {
  const found = await findTeamBill(platform.db, teamId, billId);
  if (found?.bill.status === 'unpaid' && found.bill.expiresAt <= new Date()) {
    await expireBills(platform.db, new Date(), billId);
    return findTeamBill(platform.db, teamId, billId);
  }
  return found;
}

/**
 * Spec section 7, `GET /api/user/bill?id=`, with the bill's newest payment attempt: a payer sent
 * back from a failed or canceled payment is told so rather than left waiting. Another team's bill
 * is 'invalid bill number'.
 */
export async function getBill(platform: Platform, ctx: SignedInContext, billId: string) {
  const found = await freshBill(platform, { teamId: ctx.team.id, billId });
  if (!found) throw new AppError('NOT_FOUND', { msg: INVALID_BILL });
  const attempts = (await paymentsOfOrder(platform.db, found.order.id)).filter(
    (payment) => payment.billId === billId,
  );
  const last = attempts.at(-1);
  return {
    bill: toBill(found.bill),
    order: toOrder(ctx, found.order),
    last_payment: last
      ? {
          method: last.provider,
          status: last.status as PaymentSummary['status'],
          creation_time: toSeconds(last.createdAt),
        }
      : null,
  };
}

type PaymentSummary = z.infer<typeof zPaymentSummary>;

export function toPaymentSummary(row: Awaited<ReturnType<typeof paymentsOfOrder>>[number]): PaymentSummary {
  return {
    id: row.id,
    method: row.provider,
    status: row.status as PaymentSummary['status'],
    amount: row.amount,
    currency: row.currency,
    provider_reference: row.providerRef,
    creation_time: toSeconds(row.createdAt),
    captured_time: toSecondsOrNull(row.capturedAt),
  };
}

export async function getOrder(platform: Platform, ctx: SignedInContext, orderId: string) {
  const found = await findTeamOrder(platform.db, ctx.team.id, orderId);
  if (!found) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
  const bill = found.bill ? await freshBill(platform, { teamId: ctx.team.id, billId: found.bill.id }) : null;
  const [payments, invoice] = await Promise.all([
    paymentsOfOrder(platform.db, orderId),
    latestInvoiceOf(platform.db, orderId),
  ]);
  const order = bill?.order ?? found.order;
  return {
    order: toOrder(ctx, order),
    bill: bill ? toBill(bill.bill) : null,
    payments: payments.map(toPaymentSummary),
    invoice,
    can_request_invoice:
      order.status === 'paid' && order.payAmount > 0 && (!invoice || invoice.status === 'rejected'),
  };
}

export async function cancelOrder(platform: Platform, ctx: SignedInContext, orderId: string) {
  const order = await platform.db.transaction(async (tx) => {
    // Locks in the order every billing path takes: the team's plan, the bill, the order.
    await lockActive(tx, ctx.team.id);
    const found = await findTeamOrder(tx, ctx.team.id, orderId);
    if (!found) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_FOUND });
    if (found.bill) await lockBill(tx, found.bill.id);
    const locked = await lockOrder(tx, orderId);
    if (locked?.status !== 'unpaid')
      throw new AppError('CONFLICT', { msg: 'Only an unpaid order can be canceled' });
    if (found.bill) await updateBill(tx, found.bill.id, { status: 'canceled' });
    return updateOrder(tx, orderId, { status: 'canceled', canceledAt: new Date() });
  });
  return { order: toOrder(ctx, order) };
}
