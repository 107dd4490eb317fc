import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zBillingId, zCents, zIdParams, zValidityUnit } from './money';
import { zPlanChoice, zPlanKind } from './plans';

const tags = ['billing: orders'];

export const zOrderStatus = z.enum(['unpaid', 'paid', 'expired', 'canceled', 'refunded']);
export type OrderStatus = z.infer<typeof zOrderStatus>;
/** Spec section 4: "unpaid" keeps the payment dialog polling; anything else ends it. */
export const zBillStatus = z.enum(['unpaid', 'paid', 'expired', 'canceled', 'refunded']);
export type BillStatus = z.infer<typeof zBillStatus>;
/** What paying the order does: see `zPlanChoice`. */
export const zOrderKind = z.enum(['subscribe', 'renew', 'upgrade', 'downgrade', 'buy']);

/**
 * Spec section 3, "Order": id, order_num, plan_name, plan_info{validity, validity_unit_alias},
 * creation_time (seconds), price (cents), order_id (the same as id; the spec's clients read
 * either). The rest is what the order pages show. Prices are the snapshot taken at confirmation.
 */
export const zOrder = z.object({
  id: z.string(),
  order_num: z.string(),
  plan_name: z.string(),
  plan_info: z.object({
    validity: z.number().int(),
    validity_unit: zValidityUnit,
    validity_unit_alias: z.string(),
  }),
  creation_time: zSeconds,
  /** The plan's price when ordered, in cents. */
  price: zCents,
  order_id: z.string(),
  currency: z.string(),
  /** What is charged: the price less any credit for the unused part of an upgraded plan. */
  pay_amount: zCents,
  /** The unused part of the old plan credited against an upgrade, in cents (0 otherwise). */
  proration_credit: zCents,
  status: zOrderStatus,
  kind: zOrderKind,
  plan_id: z.string(),
  plan_kind: zPlanKind,
  credits: z.number().int(),
  paid_time: zSeconds.nullable(),
  refunded_time: zSeconds.nullable(),
  /** Where a downgrade or a renewal starts (seconds); null when it starts on payment. */
  starts_time: zSeconds.nullable(),
});
export type Order = z.infer<typeof zOrder>;

/** Spec section 3, "Bill": id, order_id, status, pay_amount (cents); plus what the dialog shows. */
export const zBill = z.object({
  id: z.string(),
  order_id: z.string(),
  status: zBillStatus,
  pay_amount: zCents,
  currency: z.string(),
  /** An unpaid bill expires 30 minutes after it is made; an expired bill cannot be paid. */
  expire_time: zSeconds,
  paid_time: zSeconds.nullable(),
  /** The provider that was paid (`sandbox`, later `stripe`, `wechatpay`, `alipay`). */
  method: z.string().nullable(),
  creation_time: zSeconds,
});
export type Bill = z.infer<typeof zBill>;

/** What confirming a plan would cost now, before any order is made (`/account/order/confirm`). */
export const previewOrder = defineEndpoint({
  method: 'GET',
  path: '/api/account/order/preview',
  permission: 'signed_in',
  summary: 'What choosing a plan would do and cost (pro-rata credit for an upgrade)',
  tags,
  query: z.object({ plan_id: zBillingId }),
  response: z.object({
    plan_id: z.string(),
    plan_name: z.string(),
    kind: zOrderKind,
    choice: zPlanChoice,
    price: zCents,
    proration_credit: zCents,
    pay_amount: zCents,
    currency: z.string(),
    /** When the new plan's period would start and end (seconds). */
    starts_time: zSeconds,
    ends_time: zSeconds.nullable(),
    credits: z.number().int(),
    /** The plan's kind and period: what it gives and for how long (`planTerm`), what a switch is to. */
    plan_kind: zPlanKind,
    validity: z.number().int(),
    validity_unit: zValidityUnit,
    /**
     * The card Stripe charges at once if this is paid with Stripe (an upgrade of the plan Stripe
     * renews: the change's invoice goes to the card that pays the renewals); null when paid on a
     * payment page.
     */
    charged_card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /**
     * True when the order ends the subscription Stripe renews by itself and does not start
     * another (an upgrade its credit pays whole): the new plan is then renewed by hand.
     */
    stops_auto_renewal: z.boolean(),
  }),
});

/**
 * Confirms a plan: an order (readable unique `order_num`, price snapshot) and its unpaid bill,
 * which expires after 30 minutes. An unpaid order of the same plan is answered again rather
 * than doubled.
 */
export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/api/account/orders',
  permission: 'signed_in',
  summary: 'Confirm a plan: an order and its unpaid bill',
  tags,
  body: z.object({ plan_id: zBillingId }),
  response: z.object({ order: zOrder, bill: zBill }),
});

export const orderListFields = defineListFields({
  order_num: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  kind: { kind: 'text', filter: ['eq', 'in'] },
  price: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `/account/orders`: the team's orders, newest first; `q` searches the order number and plan. */
export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/account/orders',
  permission: 'signed_in',
  summary: "The team's orders",
  tags,
  query: zListQueryOf(orderListFields),
  response: zListResponse(
    zOrder.extend({
      bill_id: z.string().nullable(),
      /** When the bill stops being payable (an unpaid order past it is expired, job or not). */
      bill_expire_time: zSeconds.nullable(),
      invoice_status: z.string().nullable(),
    }),
  ),
});

/**
 * `returned`: captured by the provider for a bill another payment had already paid (a user who paid
 * twice), and given back automatically; it never paid the bill.
 */
export const zPaymentStatus = z.enum(['pending', 'captured', 'failed', 'canceled', 'refunded', 'returned']);

export const zPaymentSummary = z.object({
  id: z.string(),
  method: z.string(),
  status: zPaymentStatus,
  amount: zCents,
  currency: z.string(),
  provider_reference: z.string(),
  creation_time: zSeconds,
  captured_time: zSeconds.nullable(),
});

/** `/account/order/details?id=` and `/payment/order-details?id=`. Another team's order: NOT_FOUND. */
export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/api/account/orders/{id}',
  permission: 'signed_in',
  summary: 'One order with its bill, payments and invoice',
  tags,
  params: zIdParams,
  response: z.object({
    order: zOrder,
    bill: zBill.nullable(),
    payments: z.array(zPaymentSummary),
    invoice: z.object({ id: z.string(), status: z.string() }).nullable(),
    /** Whether an invoice may be requested now (paid, none requested yet). */
    can_request_invoice: z.boolean(),
  }),
});

/** An unpaid order may be dropped; its bill can then no longer be paid. */
export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/api/account/orders/{id}/cancel',
  permission: 'signed_in',
  summary: 'Cancel an unpaid order',
  tags,
  params: zIdParams,
  response: z.object({ order: zOrder }),
});

/**
 * The newest attempt to pay a bill, as the provider last reported it: `pending` while the payer
 * may still be on the provider's page, `failed` or `canceled` when it ended without paying (the
 * bill stays unpaid and may be paid again).
 */
export const zPaymentAttempt = z.object({
  method: z.string(),
  status: zPaymentStatus,
  creation_time: zSeconds,
});

/**
 * Spec section 7, `GET /api/user/bill?id=`: the bill and its order, polled every second by the
 * payment dialog while `bill.status` is `unpaid`, with the newest payment attempt (so a payer back
 * from a failed or canceled payment is told so). An unknown id (or another team's) is NOT_FOUND
 * with the message 'invalid bill number' (spec section 8).
 */
export const getBill = defineEndpoint({
  method: 'GET',
  path: '/api/user/bill',
  permission: 'signed_in',
  summary: 'A bill, its order and its newest payment attempt (the payment dialog polls this)',
  tags,
  query: z.object({ id: zBillingId }),
  response: z.object({
    bill: zBill,
    order: zOrder.nullable(),
    last_payment: zPaymentAttempt.nullable(),
  }),
});
