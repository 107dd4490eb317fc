import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zBillingId, zCents, zCredits, zFunctionKey, zPriceCurrency, zValidityUnit } from './money';

const tags = ['billing: plans'];

/**
 * `subscription`: a period of service (credits granted per period, storage, seats, functions).
 * `credit_pack`: credits bought once, added to the balance, never expiring (`planTerm`).
 */
export const zPlanKind = z.enum(['subscription', 'credit_pack']);
export type PlanKind = z.infer<typeof zPlanKind>;
/** An archived plan cannot be bought; its subscribers keep it until their period ends. */
export const zPlanStatus = z.enum(['active', 'archived']);

/** ARCHITECTURE section 6, "Plans and subscriptions". */
export const zPlan = z.object({
  id: z.string(),
  /** Stable key (`free`, `pro_monthly`...): what basic infos' `usm_quota.plan_key` names. */
  key: z.string(),
  name: z.string(),
  description: z.string(),
  kind: zPlanKind,
  price: zCents,
  currency: z.string(),
  validity: z.number().int(),
  validity_unit: zValidityUnit,
  /** The unit in the caller's language (spec: `plan_info.validity_unit_alias`). */
  validity_unit_alias: z.string(),
  /** Granted at the start of each period (subscription) or once (credit pack). */
  credits: zCredits,
  storage_quota_bytes: z.number().int(),
  seats: z.number().int(),
  /** AI function keys the plan may use (`/admin/usm/function/permission`). */
  functions: z.array(z.string()),
  status: zPlanStatus,
  /** The plan every team has without a paid one. */
  is_default: z.boolean(),
  /** Shown as the recommended choice on `/usm/plan`. */
  highlighted: z.boolean(),
  sort_order: z.number().int(),
  created_at: zSeconds,
  updated_at: zSeconds,
});
export type Plan = z.infer<typeof zPlan>;

/**
 * What the caller would do by choosing a plan from where they stand: `current` (their plan),
 * `upgrade` (at once, unused part credited), `downgrade` (at period end), `switch_period` (the
 * same tier for another period, Pro monthly to Pro yearly: neither an upgrade nor a downgrade; a
 * longer period starts at once with the unused part credited, a shorter one at period end),
 * `subscribe` (from the free plan), `buy` (a credit pack), `unavailable` (the default plan itself
 * is never bought).
 */
export const zPlanChoice = z.enum([
  'current',
  'subscribe',
  'renew',
  'upgrade',
  'downgrade',
  'switch_period',
  'buy',
  'unavailable',
]);
export type PlanChoice = z.infer<typeof zPlanChoice>;

/**
 * How long what a plan gives lasts: the one answer every page and document gives. A subscription
 * gives its service and credits for its period (`validity` `unit`). A credit pack's credits are
 * purchased credits, which never expire (the server expires only a period's grant:
 * `credits/ledger.ts`), so they are kept until used, whatever validity the pack's row carries.
 */
export type PlanTerm = { kind: 'period'; validity: number; unit: string } | { kind: 'kept_until_used' };

export function planTerm(plan: { kind: string; validity: number; validity_unit: string }): PlanTerm {
  return plan.kind === 'credit_pack'
    ? { kind: 'kept_until_used' }
    : { kind: 'period', validity: plan.validity, unit: plan.validity_unit };
}

/** `/usm/plan`: the plans on sale, with what choosing each would mean for the caller's team. */
export const listPlans = defineEndpoint({
  method: 'GET',
  path: '/api/usm/plans',
  permission: 'signed_in',
  summary: 'Plans and credit packs on sale, with the caller’s current plan',
  tags,
  response: z.object({
    items: z.array(zPlan.extend({ choice: zPlanChoice })),
    current_plan_id: z.string(),
    /** Every payment provider offered here is in test mode (no money moves): the page says so. */
    test_mode: z.boolean(),
  }),
});

// ---- Admin: `/admin/usm/plan` ------------------------------------------------------------------

/** A plan's fields as an admin edits them (no defaults: an update changes only what it names). */
export const zPlanFields = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, { message: 'Lower-case letters, digits and _, 2 to 40 long' }),
  name: z
    .string()
    .trim()
    .min(1, { message: 'Enter a name' })
    .max(80, { message: 'Input exceeds maximum length' }),
  description: z.string().trim().max(1000, { message: 'Input exceeds maximum length' }),
  kind: zPlanKind,
  price: z.number().int().min(0).max(100_000_000),
  currency: zPriceCurrency,
  validity: z.number().int().min(1).max(120),
  validity_unit: zValidityUnit,
  credits: z.number().int().min(0).max(1_000_000_000),
  storage_quota_bytes: z
    .number()
    .int()
    .min(0)
    .max(10 * 1024 ** 4),
  seats: z.number().int().min(1).max(10_000),
  functions: z.array(zFunctionKey).max(200),
  highlighted: z.boolean(),
  sort_order: z.number().int().min(0).max(10_000),
});

/** A new plan: the optional fields take their defaults. */
export const zPlanInput = zPlanFields.extend({
  description: zPlanFields.shape.description.default(''),
  kind: zPlanKind.default('subscription'),
  functions: zPlanFields.shape.functions.default([]),
  highlighted: z.boolean().default(false),
  sort_order: zPlanFields.shape.sort_order.default(100),
});
export type PlanInput = z.input<typeof zPlanInput>;

/** Admin list: every plan with how many teams hold it now. */
export const listAdminPlans = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/plans',
  permission: 'admin.plans.read',
  summary: 'Every plan, archived included, with its subscriber count',
  tags: ['admin: billing'],
  query: z.object({ status: zPlanStatus.optional(), kind: zPlanKind.optional() }),
  response: z.object({
    items: z.array(zPlan.extend({ subscribers: z.number().int(), orders: z.number().int() })),
  }),
});

export const createPlan = defineEndpoint({
  method: 'POST',
  path: '/api/admin/usm/plans',
  permission: 'admin.plans.edit',
  summary: 'Create a plan or credit pack (recorded)',
  tags: ['admin: billing'],
  body: zPlanInput,
  response: z.object({ plan: zPlan }),
});

/** Orders already made keep their price snapshot; the change applies to new orders only. */
export const updatePlan = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/usm/plans/{id}',
  permission: 'admin.plans.edit',
  summary: 'Change a plan (new orders only; recorded)',
  tags: ['admin: billing'],
  params: z.object({ id: zBillingId }),
  body: zPlanFields.partial().extend({ status: zPlanStatus.optional() }),
  response: z.object({ plan: zPlan }),
});

/**
 * A plan nobody ever ordered or held is deleted; any other is archived instead (never deleted),
 * so its subscribers, orders and invoices keep pointing at it. The default plan is refused.
 */
export const deletePlan = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/usm/plans/{id}',
  permission: 'admin.plans.edit',
  summary: 'Delete a plan never used, else archive it (recorded)',
  tags: ['admin: billing'],
  params: z.object({ id: zBillingId }),
  response: z.object({ result: z.enum(['deleted', 'archived']) }),
});

// ---- Admin: `/admin/usm/function/permission` --------------------------------------------------

export const zBillingFunction = z.object({ key: z.string(), name: z.string(), built_in: z.boolean() });

export const getFunctionPermissions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/function/permissions',
  permission: 'admin.plans.read',
  summary: 'Which AI functions each plan may use',
  tags: ['admin: billing'],
  response: z.object({
    functions: z.array(zBillingFunction),
    plans: z.array(
      z.object({
        id: z.string(),
        key: z.string(),
        name: z.string(),
        kind: zPlanKind,
        status: zPlanStatus,
        functions: z.array(z.string()),
      }),
    ),
  }),
});

/** Sets one cell of the matrix: plan x function, allowed or not. */
export const setFunctionPermission = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/usm/function/permissions',
  permission: 'admin.plans.edit',
  summary: 'Allow or forbid one AI function on one plan (recorded)',
  tags: ['admin: billing'],
  body: z.object({ plan_id: zBillingId, function_key: zFunctionKey, allowed: z.boolean() }),
  response: z.object({ plan_id: z.string(), functions: z.array(z.string()) }),
});
