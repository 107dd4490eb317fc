import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zIdParams, zReason } from './money';

const tags = ['admin: billing'];

/**
 * `/admin/stripe/payment-indent`: our mirror of Stripe's PaymentIntents, kept by Stripe's webhooks
 * (each event re-reads the intent from Stripe) and by an admin's refresh. It settles nothing:
 * payments are settled by their Checkout Sessions (`payments.ts`); this is what Stripe says of
 * the money, beside our order.
 */

/** Stripe's PaymentIntent statuses (API version pinned by `stripe-api.ts`). */
export const STRIPE_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export const zStripeIntentStatus = z.enum(STRIPE_INTENT_STATUSES);
export type StripeIntentStatus = (typeof STRIPE_INTENT_STATUSES)[number];

export const stripePaymentIntentListFields = defineListFields({
  intent_id: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  order_num: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  currency: { kind: 'text', filter: ['eq', 'in'], sort: true },
  amount: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  amount_refunded: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  synced_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zStripePaymentIntent = z.object({
  /** Stripe's id (`pi_…`). */
  id: z.string(),
  status: zStripeIntentStatus,
  /** Minor units, in `currency` (upper case). */
  amount: z.number().int(),
  amount_received: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** The last attempt's failure (`last_payment_error`), when it failed. */
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** Ours, from the intent's metadata (our Checkout sets it); null for an intent not ours. */
  payment_id: z.string().nullable(),
  order_id: z.string().nullable(),
  order_num: z.string().nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  plan_name: z.string().nullable(),
  /** When Stripe made the intent. */
  creation_time: zSeconds,
  /** When the mirror last read it from Stripe. */
  synced_time: zSeconds,
});

/** `q` searches intent ids, order numbers, team names and plans. */
export const listStripePaymentIntents = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/payment-intents',
  permission: 'admin.orders.read',
  summary: "Stripe's payment intents as last read from Stripe",
  tags,
  query: zListQueryOf(stripePaymentIntentListFields),
  response: zListResponse(zStripePaymentIntent),
});

export const zStripeIntentEvent = z.object({
  id: z.string(),
  /** Stripe's event id (`evt_…`) and type (`payment_intent.succeeded`, `charge.refunded`…). */
  event_id: z.string(),
  type: z.string(),
  /** What the payments handler made of it (`payment_notifications.outcome`). */
  outcome: z.string(),
  detail: z.string().nullable(),
  /** What the intent read back from Stripe said then (events about the intent or its charge). */
  synced: z
    .object({ status: z.string(), amount_received: z.number().int(), amount_refunded: z.number().int() })
    .nullable(),
  creation_time: zSeconds,
});

/** One intent with the events received about it (or its Checkout Session), oldest first. */
export const getStripePaymentIntent = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/payment-intents/{id}',
  permission: 'admin.orders.read',
  summary: 'One Stripe payment intent with the events received for it',
  tags,
  params: zIdParams,
  response: z.object({ intent: zStripePaymentIntent, events: z.array(zStripeIntentEvent) }),
});

/**
 * Reads the intent from Stripe again and updates the mirror (recorded with a reason). Nothing is
 * settled: a payment's state follows its Checkout Session.
 */
export const refreshStripePaymentIntent = defineEndpoint({
  method: 'POST',
  path: '/api/admin/stripe/payment-intents/{id}/refresh',
  permission: 'admin.orders.sync',
  summary: 'Read a payment intent from Stripe again (recorded with a reason)',
  tags,
  params: zIdParams,
  body: z.object({ reason: zReason }),
  response: z.object({ intent: zStripePaymentIntent }),
});

/**
 * The mirror's backfill (the list page's 'refresh'): Stripe's payment intents listed, newest first,
 * page by page up to a bound, each written into the mirror as Stripe holds it (recorded with a
 * reason). What webhooks never brought (intents made before the endpoint was set up, events lost)
 * then shows. `more`: Stripe has older intents than the bound reached.
 */
export const syncStripePaymentIntents = defineEndpoint({
  method: 'POST',
  path: '/api/admin/stripe/payment-intents/sync',
  permission: 'admin.orders.sync',
  summary: "Read Stripe's payment intents into the mirror (recorded with a reason)",
  tags,
  body: z.object({ reason: zReason }),
  response: z.object({ synced: z.number().int(), more: z.boolean() }),
});
