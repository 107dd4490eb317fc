import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zCreditEntry } from './credits';
import { zIdParams, zReason } from './money';
import { zBill, zOrder, zPaymentSummary } from './orders';

const tags = ['admin: billing'];

export const adminOrderListFields = defineListFields({
  order_num: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  kind: { kind: 'text', filter: ['eq', 'in'] },
  method: { kind: 'text', filter: ['eq', 'in'] },
  pay_amount: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  paid_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zAdminOrder = zOrder.extend({
  team: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }).nullable(),
  method: z.string().nullable(),
});

/** `/admin/order`; `q` searches order numbers, team names, users' e-mails and plans. */
export const listAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders',
  permission: 'admin.orders.read',
  openApi: true,
  summary: 'Orders of every team',
  tags,
  query: zListQueryOf(adminOrderListFields),
  response: zListResponse(zAdminOrder),
});

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

export const zRefund = z.object({
  id: z.string(),
  /** Ours, given to the provider: a refund asked again with it is the same refund. */
  refund_no: z.string(),
  /** `pending` until the provider confirms it; credits move only once it `succeeded`. */
  status: z.enum(REFUND_STATES),
  amount: z.number().int(),
  currency: z.string(),
  credits_reversed: z.number().int(),
  reason: z.string(),
  provider_reference: z.string().nullable(),
  /** The provider's words when it refused the refund, or why asking it failed (retried while pending). */
  failure: z.string().nullable(),
  settled_time: zSeconds.nullable(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  creation_time: zSeconds,
});

/** `/admin/order/details`: the order with its bill, payments, refunds, credit entries and notifications. */
export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}',
  permission: 'admin.orders.read',
  summary: 'One order with everything that happened to it',
  tags,
  params: zIdParams,
  response: z.object({
    order: zAdminOrder,
    bill: zBill.nullable(),
    payments: z.array(zPaymentSummary),
    refunds: z.array(zRefund),
    credit_entries: z.array(zCreditEntry),
    notifications: z.array(
      z.object({
        id: z.string(),
        provider: z.string(),
        event_id: z.string(),
        outcome: z.string(),
        detail: z.string().nullable(),
        amount: z.number().int().nullable(),
        currency: z.string().nullable(),
        creation_time: zSeconds,
      }),
    ),
    invoice: z.object({ id: z.string(), status: z.string() }).nullable(),
    refundable: z.boolean(),
    /** What can still be refunded: paid, less refunds that succeeded or are pending (minor units). */
    refundable_amount: z.number().int(),
  }),
});

/**
 * Refunds a paid order, in full or in part (`amount` in minor units; all that is left when
 * omitted), through its provider, under our refund number. The refund is `pending` until the
 * provider confirms it; then the credits the order gave are reversed in proportion to the amount
 * (as far as the team still has them; a `refund` ledger entry for this refund's share alone), and
 * once the whole amount is refunded the subscription it paid for is cut back and the bill and
 * order read `refunded`. `request_id` makes a retried request the same refund.
 */
export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/refund',
  permission: 'admin.orders.refund',
  summary: 'Refund a paid order, in full or in part (recorded with a reason)',
  tags,
  params: zIdParams,
  body: z.object({
    reason: zReason,
    amount: z
      .number({ message: 'Enter an amount' })
      .int({ message: 'Enter a whole number of cents' })
      .min(1, { message: 'Refund at least 0.01' })
      .max(1_000_000_000_000, { message: 'Too large an amount' })
      .optional(),
    request_id: z.string().trim().min(8).max(64).optional(),
  }),
  response: z.object({ order: zAdminOrder, refund: zRefund }),
});
