import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zIdParams, zReason } from './money';
import { STRIPE_INTERVALS } from './stripe-subscriptions';

const tags = ['admin: billing'];

/**
 * `/admin/stripe/schedule`: our mirror of Stripe's subscription schedules, kept by Stripe's
 * webhooks (each `subscription_schedule.*` event re-reads the schedule from Stripe) and by an
 * operator's actions. A schedule holds what a subscription becomes next (a downgrade is a second
 * phase starting at the period's end); Stripe applies each phase when it starts.
 */

/** Stripe's schedule statuses (API version pinned by `stripe-api.ts`). */
export const STRIPE_SCHEDULE_STATUSES = [
  'not_started',
  'active',
  'completed',
  'released',
  'canceled',
] as const;
export const zStripeScheduleStatus = z.enum(STRIPE_SCHEDULE_STATUSES);
export type StripeScheduleStatus = (typeof STRIPE_SCHEDULE_STATUSES)[number];

/**
 * What happens to the subscription when the last phase ends: `release` keeps it renewing as it
 * is, `cancel` ends it. (Stripe's older `none` and `renew` are deprecated and not made by us.)
 */
export const STRIPE_SCHEDULE_END_BEHAVIORS = ['release', 'cancel'] as const;
export const zStripeScheduleEndBehavior = z.enum(STRIPE_SCHEDULE_END_BEHAVIORS);
export type StripeScheduleEndBehavior = (typeof STRIPE_SCHEDULE_END_BEHAVIORS)[number];

export const stripeScheduleListFields = defineListFields({
  schedule_id: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  subscription_id: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  team_id: { kind: 'text', filter: ['eq'] },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  end_behavior: { kind: 'text', filter: ['eq', 'in'], sort: true },
  current_phase_end: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  synced_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zStripeSchedulePhaseItem = z.object({
  /** Stripe's price (`price_…`) and what it charges per unit each interval, minor units. */
  price_id: z.string(),
  /** Null for a price that is not a flat amount per unit (tiered). */
  unit_amount: z.number().int().nullable(),
  /** Upper case. */
  currency: z.string(),
  /** Null for a one-off price. */
  interval: z.enum(STRIPE_INTERVALS).nullable(),
  interval_count: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
});

export const zStripeSchedulePhase = z.object({
  start: zSeconds,
  end: zSeconds,
  items: z.array(zStripeSchedulePhaseItem),
  /** The phase is a trial (nothing is charged until `trial_end`). */
  trial: z.boolean(),
  trial_end: zSeconds.nullable(),
  /** The plan the phase moves the team to and the order that asked for it (the phase's metadata). */
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  order_id: z.string().nullable(),
  /** That order's readable number (null when it is none of ours). */
  order_num: z.string().nullable(),
  /** The phase Stripe is in now (its start and end are the schedule's `current_phase`). */
  current: z.boolean(),
});
export type StripeSchedulePhase = z.infer<typeof zStripeSchedulePhase>;

export const zStripeSchedule = z.object({
  /** Stripe's id (`sub_sched_…`). */
  id: z.string(),
  /** The subscription it governs, or governed before it was released. */
  subscription_id: z.string().nullable(),
  customer_id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: zStripeScheduleStatus,
  end_behavior: zStripeScheduleEndBehavior,
  current_phase: z.object({ start: zSeconds, end: zSeconds }).nullable(),
  /** Every phase, in order. */
  phases: z.array(zStripeSchedulePhase),
  /** The first phase after the current one (the first one, before the schedule starts): what changes next. */
  next_phase: zStripeSchedulePhase.nullable(),
  released_at: zSeconds.nullable(),
  canceled_at: zSeconds.nullable(),
  completed_at: zSeconds.nullable(),
  /** Set by Stripe when the schedule let go of its subscription. */
  released_subscription: z.string().nullable(),
  creation_time: zSeconds,
  /** When the mirror last read it from Stripe. */
  synced_time: zSeconds,
});
export type StripeSchedule = z.infer<typeof zStripeSchedule>;

/** `q` searches schedule, subscription and customer ids and team names. */
export const listStripeSchedules = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/schedules',
  permission: 'admin.subscriptions.read',
  summary: "Stripe's subscription schedules as last read from Stripe",
  tags,
  query: zListQueryOf(stripeScheduleListFields),
  response: zListResponse(zStripeSchedule),
});

export const zStripeScheduleEvent = z.object({
  id: z.string(),
  event_id: z.string(),
  type: z.string(),
  /** What the payments handler made of it (`payment_notifications.outcome`). */
  outcome: z.string(),
  detail: z.string().nullable(),
  creation_time: zSeconds,
});

/** One schedule with its phases and the events received about it, oldest first. */
export const getStripeSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/admin/stripe/schedules/{id}',
  permission: 'admin.subscriptions.read',
  summary: 'One Stripe subscription schedule with its phases and the events received for it',
  tags,
  params: zIdParams,
  response: z.object({ schedule: zStripeSchedule, events: z.array(zStripeScheduleEvent) }),
});

/**
 * What an operator does to a schedule that is not over, each with a reason, recorded: `release`
 * (the schedule stops; the subscription keeps renewing as it is now, and later phases never
 * apply), `cancel` (the schedule stops and the subscription is canceled at once).
 */
export const STRIPE_SCHEDULE_ACTIONS = ['release', 'cancel'] as const;
export const zStripeScheduleAction = z.enum(STRIPE_SCHEDULE_ACTIONS);

export const actOnStripeSchedule = defineEndpoint({
  method: 'POST',
  path: '/api/admin/stripe/schedules/{id}/actions',
  permission: 'admin.subscriptions.edit',
  summary: 'Release or cancel a Stripe subscription schedule (recorded with a reason)',
  tags,
  params: zIdParams,
  body: z.object({ action: zStripeScheduleAction, reason: zReason }),
  response: z.object({ schedule: zStripeSchedule }),
});
