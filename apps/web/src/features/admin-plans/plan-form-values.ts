import type { ValidityUnit } from '@app/contract/billing/money';
import type { Plan, PlanInput, PlanKind } from '@app/contract/billing/plans';
import { amountToCents } from '../../lib/format';

/** The units the storage quota is typed in; the wire holds bytes. */
export const STORAGE_UNITS = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;
export type StorageUnit = keyof typeof STORAGE_UNITS;

/** The currencies offered (the ones money is shown with a symbol for); a plan may hold another. */
export const PLAN_CURRENCIES = ['USD', 'CNY', 'EUR', 'GBP', 'HKD'] as const;

/**
 * What the plan form holds: the price in currency units (cents on the wire, spec section 9) and
 * the storage quota as a number and a unit (bytes on the wire).
 */
export interface PlanFormValues {
  key: string;
  name: string;
  description: string;
  kind: PlanKind;
  price: number;
  currency: string;
  validity: number;
  validity_unit: ValidityUnit;
  credits: number;
  storage_quota: number;
  storage_unit: StorageUnit;
  seats: number;
  functions: string[];
  highlighted: boolean;
  sort_order: number;
}

/** The server's field names where the form calls them something else. */
export const PLAN_FIELD_MAP = { storage_quota_bytes: 'storage_quota' } as const;

export const NEW_PLAN_VALUES: PlanFormValues = {
  key: '',
  name: '',
  description: '',
  kind: 'subscription',
  price: 0,
  currency: 'USD',
  validity: 1,
  validity_unit: 'month',
  credits: 0,
  storage_quota: 1,
  storage_unit: 'GB',
  seats: 1,
  functions: [],
  highlighted: false,
  sort_order: 100,
};

/** Bytes as the largest unit that holds them whole (2 decimals at most, in MB, otherwise). */
export function splitBytes(bytes: number): { value: number; unit: StorageUnit } {
  for (const unit of ['TB', 'GB'] as const) {
    if (bytes >= STORAGE_UNITS[unit] && bytes % STORAGE_UNITS[unit] === 0) {
      return { value: bytes / STORAGE_UNITS[unit], unit };
    }
  }
  return { value: Number((bytes / STORAGE_UNITS.MB).toFixed(2)), unit: 'MB' };
}

export function toPlanValues(plan: Plan): PlanFormValues {
  const storage = splitBytes(plan.storage_quota_bytes);
  return {
    key: plan.key,
    name: plan.name,
    description: plan.description,
    kind: plan.kind,
    price: plan.price / 100,
    currency: plan.currency,
    validity: plan.validity,
    validity_unit: plan.validity_unit,
    credits: plan.credits,
    storage_quota: storage.value,
    storage_unit: storage.unit,
    seats: plan.seats,
    functions: plan.functions,
    highlighted: plan.highlighted,
    sort_order: plan.sort_order,
  };
}

/**
 * The body for create and update. Functions are sent only on create: afterwards the matrix page
 * owns them, and a form opened before a matrix change must not undo it.
 */
export function toPlanBody(values: PlanFormValues, includeFunctions: boolean): PlanInput {
  const body: PlanInput = {
    key: values.key.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    kind: values.kind,
    price: amountToCents(values.price),
    currency: values.currency,
    validity: values.validity,
    validity_unit: values.validity_unit,
    credits: values.credits,
    storage_quota_bytes: Math.round(values.storage_quota * STORAGE_UNITS[values.storage_unit]),
    seats: values.seats,
    highlighted: values.highlighted,
    sort_order: values.sort_order,
  };
  if (includeFunctions) body.functions = values.functions;
  return body;
}
