import { BUILT_IN_FUNCTIONS } from '@app/contract/billing/money';
import type { Plan, zPlanInput } from '@app/contract/billing/plans';
import type { z } from 'zod';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import {
  deletePlanRow,
  findPlan,
  findPlanByKey,
  insertPlan,
  knownFunctionKeys,
  listPlanRows,
  lockPlan,
  type PlanRecord,
  planEverUsed,
  planUsage,
  replacePlanFunctions,
  setPlanFunction,
  updatePlanRow,
} from './plans.repo';

const PLAN_NOT_FOUND = 'Plan not found';

const UNIT_LABELS: Record<string, string> = { day: 'Day', month: 'Month', year: 'Year' };

/** The unit in the caller's words (spec: `plan_info.validity_unit_alias`). */
export const unitAlias = (ctx: Pick<RequestContext, 't'>, unit: string) => ctx.t(UNIT_LABELS[unit] ?? unit);

export function toPlan(ctx: Pick<RequestContext, 't'>, row: PlanRecord): Plan {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    kind: row.kind as Plan['kind'],
    price: row.price,
    currency: row.currency,
    validity: row.validity,
    validity_unit: row.validityUnit as Plan['validity_unit'],
    validity_unit_alias: unitAlias(ctx, row.validityUnit),
    credits: row.credits,
    storage_quota_bytes: row.storageQuotaBytes,
    seats: row.seats,
    functions: row.functions,
    status: row.status as Plan['status'],
    is_default: row.isDefault,
    highlighted: row.highlighted,
    sort_order: row.sortOrder,
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
}

/** Names of the built-in functions; keys the toolkit adds show as themselves. */
const FUNCTION_NAMES: Record<string, string> = {
  chat: 'AI chat assistant',
  analysis: 'Analysis',
  ai_table: 'AI tables',
};

export async function listAdminPlans(
  platform: Platform,
  ctx: SignedInContext,
  query: { status?: string; kind?: string },
) {
  const [rows, usage] = await Promise.all([listPlanRows(platform.db, query), planUsage(platform.db)]);
  return {
    items: rows.map((row) => ({
      ...toPlan(ctx, row),
      subscribers: usage.get(row.id)?.subscribers ?? 0,
      orders: usage.get(row.id)?.orders ?? 0,
    })),
  };
}

/** A plan as the contract hands it over (defaults applied). */
type PlanValues = z.output<typeof zPlanInput>;
type PlanFields = Omit<PlanValues, 'functions'>;

function toRow(input: Partial<PlanFields>) {
  return {
    key: input.key,
    name: input.name,
    description: input.description,
    kind: input.kind,
    price: input.price,
    currency: input.currency,
    validity: input.validity,
    validityUnit: input.validity_unit,
    credits: input.credits,
    storageQuotaBytes: input.storage_quota_bytes,
    seats: input.seats,
    highlighted: input.highlighted,
    sortOrder: input.sort_order,
  };
}

export async function createPlan(platform: Platform, ctx: SignedInContext, input: PlanValues) {
  if (await findPlanByKey(platform.db, input.key))
    throw validationError({ key: 'A plan with this key exists' });
  const id = await audited(
    platform.db,
    ctx,
    { action: 'plan.create', targetType: 'plan', targetId: input.key },
    async (tx) => {
      const made = await insertPlan(
        tx,
        {
          key: input.key,
          name: input.name,
          description: input.description,
          kind: input.kind,
          price: input.price,
          currency: input.currency,
          validity: input.validity,
          validityUnit: input.validity_unit,
          credits: input.credits,
          storageQuotaBytes: input.storage_quota_bytes,
          seats: input.seats,
          highlighted: input.highlighted,
          sortOrder: input.sort_order,
        },
        input.functions,
      );
      return { result: made, after: { ...input } };
    },
  );
  const plan = await findPlan(platform.db, id);
  if (!plan) throw new AppError('NOT_FOUND', { msg: PLAN_NOT_FOUND });
  return { plan: toPlan(ctx, plan) };
}

/**
 * Changes a plan for new orders (orders keep their snapshot). The default plan cannot be
 * archived or become a credit pack: every team must always have it to fall back to.
 */
export async function updatePlan(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: Partial<PlanValues> & { status?: 'active' | 'archived' },
) {
  if (input.key && (await findPlanByKey(platform.db, input.key, id))) {
    throw validationError({ key: 'A plan with this key exists' });
  }
  await audited(platform.db, ctx, { action: 'plan.update', targetType: 'plan', targetId: id }, async (tx) => {
    const before = await lockPlan(tx, id);
    if (!before) throw new AppError('NOT_FOUND', { msg: PLAN_NOT_FOUND });
    if (before.isDefault && (input.status === 'archived' || input.kind === 'credit_pack')) {
      throw new AppError('CONFLICT', { msg: 'The free plan cannot be archived or sold as a credit pack' });
    }
    const { functions, ...fields } = input;
    const change = Object.fromEntries(
      Object.entries({ ...toRow(fields), status: input.status }).filter(([, value]) => value !== undefined),
    );
    await updatePlanRow(tx, id, change);
    if (functions) await replacePlanFunctions(tx, id, functions);
    return { result: null, before: { ...before }, after: { ...input } };
  });
  const plan = await findPlan(platform.db, id);
  if (!plan) throw new AppError('NOT_FOUND', { msg: PLAN_NOT_FOUND });
  return { plan: toPlan(ctx, plan) };
}

/** Deleted when nothing ever used it; archived otherwise (subscribers and orders keep it). */
export async function deletePlan(platform: Platform, ctx: SignedInContext, id: string) {
  const result = await audited(
    platform.db,
    ctx,
    { action: 'plan.delete', targetType: 'plan', targetId: id },
    async (tx) => {
      const plan = await lockPlan(tx, id);
      if (!plan) throw new AppError('NOT_FOUND', { msg: PLAN_NOT_FOUND });
      if (plan.isDefault) throw new AppError('CONFLICT', { msg: 'The free plan cannot be deleted' });
      if (await planEverUsed(tx, id)) {
        await updatePlanRow(tx, id, { status: 'archived' });
        return { result: 'archived' as const, before: { ...plan }, after: { status: 'archived' } };
      }
      await deletePlanRow(tx, id);
      return { result: 'deleted' as const, before: { ...plan } };
    },
  );
  return { result };
}

export async function getFunctionPermissions(platform: Platform, ctx: SignedInContext) {
  const [rows, keys] = await Promise.all([listPlanRows(platform.db), knownFunctionKeys(platform.db)]);
  const all = [...new Set([...BUILT_IN_FUNCTIONS, ...keys])];
  return {
    functions: all.map((key) => ({
      key,
      name: ctx.t(FUNCTION_NAMES[key] ?? key),
      built_in: (BUILT_IN_FUNCTIONS as readonly string[]).includes(key),
    })),
    plans: rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      kind: row.kind as Plan['kind'],
      status: row.status as Plan['status'],
      functions: row.functions,
    })),
  };
}

export async function setFunctionPermission(
  platform: Platform,
  ctx: SignedInContext,
  input: { plan_id: string; function_key: string; allowed: boolean },
) {
  await audited(
    platform.db,
    ctx,
    {
      action: input.allowed ? 'plan.function.allow' : 'plan.function.forbid',
      targetType: 'plan',
      targetId: input.plan_id,
    },
    async (tx) => {
      if (!(await lockPlan(tx, input.plan_id))) throw new AppError('NOT_FOUND', { msg: PLAN_NOT_FOUND });
      await setPlanFunction(tx, input.plan_id, input.function_key, input.allowed);
      return { result: null, after: { ...input } };
    },
  );
  const plan = await findPlan(platform.db, input.plan_id);
  return { plan_id: input.plan_id, functions: plan?.functions ?? [] };
}
