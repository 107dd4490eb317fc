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
  permission: 'admin.orders.view',
  summary: 'Orders of every team',
  tags,
  query: zListQueryOf(adminOrderListFields),
  response: zListResponse(zAdminOrder),
});

export const zRefund = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  credits_reversed: z.number().int(),
  reason: z.string(),
  provider_reference: z.string().nullable(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  creation_time: zSeconds,
});

/** `/admin/order/details`: the order with its bill, payments, refunds, credit entries and notifications. */
export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}',
  permission: 'admin.orders.view',
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
  }),
});

/**
 * Refunds a paid order in full through its provider: the credits it granted are reversed (as far
 * as the team still has them; a `refund` ledger entry), the subscription it paid for is cut back
 * (to the free plan when it was the current one), and the bill and order read `refunded`.
 */
export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/refund',
  permission: 'admin.orders.refund',
  summary: 'Refund a paid order (recorded with a reason)',
  tags,
  params: zIdParams,
  body: z.object({ reason: zReason }),
  response: z.object({ order: zAdminOrder, refund: zRefund }),
});
