import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zIdParams, zReason } from './money';

const tags = ['admin: billing'];

/**
 * `/admin/stripe/subscription`: our mirror of Stripe's subscriptions, kept by Stripe's webhooks
 * (each `customer.subscription.*` and `invoice.*` event re-reads the subscription from Stripe) and
 * by an operator's actions. A subscription renews a plan started from the free plan and paid by
 * Stripe; each renewal Stripe charges is an order of its own (kind `renew`), granted once.
 */

/** Stripe's subscription statuses (API version pinned by `stripe-api.ts`). */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const zStripeSubscriptionStatus = z.enum(STRIPE_SUBSCRIPTION_STATUSES);
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/** Stripe's invoice statuses, for a subscription's latest invoice. */
export const STRIPE_INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export const zStripeInvoiceStatus = z.enum(STRIPE_INVOICE_STATUSES);

export const STRIPE_INTERVALS = ['day', 'week', 'month', 'year'] as const;

export const stripeSubscriptionListFields = defineListFields({
  subscription_id: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  amount: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  currency: { kind: 'text', filter: ['eq', 'in'], sort: true },
  cancel_at_period_end: { kind: 'bool', filter: ['eq'], sort: true },
  current_period_end: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  synced_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zStripeSubscription = z.object({
  /** Stripe's id (`sub_…`) and its customer's (`cus_…`). */
  id: z.string(),
  customer_id: z.string(),
  status: zStripeSubscriptionStatus,
  /** What Stripe charges each period: minor units, in `currency` (upper case). */
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(STRIPE_INTERVALS),
  interval_count: z.number().int(),
  /** The current period, from the subscription's item (Stripe keeps it there). */
  current_period_start: zSeconds,
  current_period_end: zSeconds,
  /** Set to end at the period's end instead of renewing (`cancel_at` is then that end). */
  cancel_at_period_end: z.boolean(),
  cancel_at: zSeconds.nullable(),
  canceled_at: zSeconds.nullable(),
  ended_at: zSeconds.nullable(),
  /** The card renewals are charged to (`pm_…`), when Stripe names one. */
  default_payment_method: z.string().nullable(),
  latest_invoice: z
    .object({
      id: z.string(),
      number: z.string().nullable(),
      status: zStripeInvoiceStatus.nullable(),
      amount_due: z.number().int(),
      amount_paid: z.number().int(),
      url: z.string().nullable(),
    })
    .nullable(),
  /** An upgrade whose invoice is not yet paid (`pending_update`), as Stripe gives it. */
  pending_update: z.record(z.string(), z.unknown()).nullable(),
  schedule_id: z.string().nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The order whose Checkout started it. */
  order_id: z.string().nullable(),
  creation_time: zSeconds,
  /** When the mirror last read it from Stripe. */
  synced_time: zSeconds,
});
export type StripeSubscription = z.infer<typeof zStripeSubscription>;

/** `q` searches subscription and customer ids, team names and plans. */
export const listStripeSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/subscriptions',
  permission: 'admin.subscriptions.read',
  summary: "Stripe's subscriptions as last read from Stripe",
  tags,
  query: zListQueryOf(stripeSubscriptionListFields),
  response: zListResponse(zStripeSubscription),
});

export const zStripeSubscriptionEvent = z.object({
  id: z.string(),
  event_id: z.string(),
  type: z.string(),
  /** What the payments handler made of it (`payment_notifications.outcome`). */
  outcome: z.string(),
  detail: z.string().nullable(),
  /** The renewal order an invoice paid, when it paid one. */
  order_id: z.string().nullable(),
  creation_time: zSeconds,
});

/** One subscription with the events received about it and its invoices, oldest first. */
export const getStripeSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/subscriptions/{id}',
  permission: 'admin.subscriptions.read',
  summary: 'One Stripe subscription with the events received for it',
  tags,
  params: zIdParams,
  response: z.object({ subscription: zStripeSubscription, events: z.array(zStripeSubscriptionEvent) }),
});

/**
 * What an operator does to a subscription, each with a reason, recorded: `cancel_at_period_end`
 * (it renews no more; the paid period is kept), `resume` (it renews again), `sync` (read from
 * Stripe again).
 */
export const STRIPE_SUBSCRIPTION_ACTIONS = ['cancel_at_period_end', 'resume', 'sync'] as const;
export const zStripeSubscriptionAction = z.enum(STRIPE_SUBSCRIPTION_ACTIONS);

export const actOnStripeSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/admin/stripe/subscriptions/{id}/actions',
  permission: 'admin.subscriptions.edit',
  summary: 'Cancel at period end, resume or sync a Stripe subscription (recorded with a reason)',
  tags,
  params: zIdParams,
  body: z.object({ action: zStripeSubscriptionAction, reason: zReason }),
  response: z.object({ subscription: zStripeSubscription }),
});
