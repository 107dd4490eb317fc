import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zBillingId, zIdParams, zReason, zValidityUnit } from './money';

const tags = ['billing: subscriptions'];

/** `scheduled`: a downgrade waiting for the current period to end. */
export const zSubscriptionStatus = z.enum(['active', 'scheduled', 'expired', 'canceled', 'replaced']);

export const zSubscription = z.object({
  id: z.string(),
  team_id: z.string(),
  plan_id: z.string(),
  plan_key: z.string(),
  plan_name: z.string(),
  status: zSubscriptionStatus,
  /** The default (free) plan: no payment behind it, renewed every period on its own. */
  is_default_plan: z.boolean(),
  period_start: zSeconds,
  period_end: zSeconds,
  cancel_reason: z.string().nullable(),
  canceled_time: zSeconds.nullable(),
  creation_time: zSeconds,
});
export type Subscription = z.infer<typeof zSubscription>;

/** `/account/subscription`: the current plan, the change waiting at period end, the credits. */
export const getMySubscription = defineEndpoint({
  method: 'GET',
  path: '/api/account/subscription',
  permission: 'signed_in',
  summary: "The team's current subscription, the scheduled change and the credits",
  tags,
  response: z.object({
    subscription: zSubscription,
    scheduled: zSubscription.nullable(),
    plan: z.object({
      credits: z.number().int(),
      storage_quota_bytes: z.number().int(),
      seats: z.number().int(),
      functions: z.array(z.string()),
      price: z.number().int(),
      currency: z.string(),
      validity: z.number().int(),
      validity_unit: zValidityUnit,
    }),
    credits: z.object({
      balance: z.number().int(),
      held: z.number().int(),
      available: z.number().int(),
      granted: z.number().int(),
      granted_remaining: z.number().int(),
      period_start: zSeconds.nullable(),
      period_end: zSeconds.nullable(),
    }),
    /** Days left in the period (rounded up), for the 7- and 1-day reminders. */
    days_left: z.number().int(),
  }),
});

/**
 * `/account/subscription-history`: what happened to the team's subscription, newest first:
 * subscribe, renew, upgrade, downgrade scheduled and applied, extend, cancel, expire, refund.
 */
export const zSubscriptionEventKind = z.enum([
  'start',
  'subscribe',
  'renew',
  'upgrade',
  'downgrade_scheduled',
  'downgrade',
  'extend',
  'cancel',
  'expire',
  'refund',
  'free_renew',
]);

export const zSubscriptionEvent = z.object({
  id: z.string(),
  kind: zSubscriptionEventKind,
  plan_id: z.string(),
  plan_name: z.string(),
  period_start: zSeconds.nullable(),
  period_end: zSeconds.nullable(),
  order_id: z.string().nullable(),
  order_num: z.string().nullable(),
  reason: z.string().nullable(),
  /** Who did it when it was an operator (extend, cancel, refund); null for the team's own acts. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  creation_time: zSeconds,
});

export const subscriptionHistoryListFields = defineListFields({
  kind: { kind: 'text', filter: ['eq', 'in'] },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const listSubscriptionHistory = defineEndpoint({
  method: 'GET',
  path: '/api/account/subscription/history',
  permission: 'signed_in',
  summary: "The team's subscription history",
  tags,
  query: zListQueryOf(subscriptionHistoryListFields),
  response: zListResponse(zSubscriptionEvent),
});

// ---- Admin: `/admin/usm/subscription` ----------------------------------------------------------

export const adminSubscriptionListFields = defineListFields({
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  owner_email: { kind: 'text', filter: ['contains', 'eq'] },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  plan_id: { kind: 'text', filter: ['eq', 'in'] },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  period_end: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zAdminSubscription = zSubscription.extend({
  team_name: z.string(),
  owner_email: z.string().nullable(),
});

/** `q` searches team names, owners' e-mails and plan names. */
export const listAdminSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/subscriptions',
  permission: 'admin.subscriptions.read',
  summary: 'Subscriptions of every team',
  tags: ['admin: billing'],
  query: zListQueryOf(adminSubscriptionListFields),
  response: zListResponse(zAdminSubscription),
});

/** Moves the period end later by a number of units (no payment; recorded with the reason). */
export const extendSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/admin/usm/subscriptions/{id}/extend',
  permission: 'admin.subscriptions.edit',
  summary: 'Extend a subscription (recorded with a reason)',
  tags: ['admin: billing'],
  params: zIdParams,
  body: z.object({
    validity: z.number().int().min(1).max(120),
    validity_unit: zValidityUnit,
    reason: zReason,
  }),
  response: z.object({ subscription: zSubscription }),
});

/**
 * Ends a paid subscription now: the team falls back to the free plan (granted credits of the old
 * period expire; purchased credits stay). No money moves: a refund is the order's action.
 */
export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/admin/usm/subscriptions/{id}/cancel',
  permission: 'admin.subscriptions.edit',
  summary: 'Cancel a subscription now (recorded with a reason)',
  tags: ['admin: billing'],
  params: zIdParams,
  body: z.object({ reason: zReason }),
  response: z.object({ subscription: zSubscription, fallback: zSubscription }),
});

export const getAdminTeamSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/teams/{team_id}/subscription-history',
  permission: 'admin.subscriptions.read',
  summary: "One team's subscription history",
  tags: ['admin: billing'],
  params: z.object({ team_id: zBillingId }),
  query: zListQueryOf(subscriptionHistoryListFields),
  response: zListResponse(zSubscriptionEvent),
});
