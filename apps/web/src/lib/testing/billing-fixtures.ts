import type { Bill, getBill, listOrders, Order } from '@app/contract/billing/orders';
import type { Plan } from '@app/contract/billing/plans';
import type { EndpointResponse } from '@app/contract/define-endpoint';

/** Contract-complete billing answers for web tests; each test overrides what it is about. */

export const T0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    order_id: overrides.id ?? 'order-1',
    order_num: 'ORD-20260101-0001',
    plan_name: 'Pro',
    plan_info: { validity: 1, validity_unit: 'month', validity_unit_alias: 'month' },
    creation_time: T0,
    price: 1999,
    currency: 'USD',
    pay_amount: 1999,
    proration_credit: 0,
    status: 'unpaid',
    kind: 'subscribe',
    plan_id: 'plan-pro',
    plan_kind: 'subscription',
    credits: 5000,
    paid_time: null,
    refunded_time: null,
    starts_time: null,
    ...overrides,
  };
}

export function billFixture(overrides: Partial<Bill> = {}): Bill {
  return {
    id: 'bill-1',
    order_id: 'order-1',
    status: 'unpaid',
    pay_amount: 1999,
    currency: 'USD',
    expire_time: T0 + 1800,
    paid_time: null,
    method: null,
    creation_time: T0,
    ...overrides,
  };
}

/** `GET /api/user/bill`: the bill, its order and the newest payment attempt (none by default). */
export function billAnswerFixture(
  overrides: Partial<EndpointResponse<typeof getBill>> = {},
): EndpointResponse<typeof getBill> {
  return { bill: billFixture(), order: orderFixture(), last_payment: null, ...overrides };
}

type OrderListRow = EndpointResponse<typeof listOrders>['items'][number];

/** A row of `/account/orders`: the order with its bill (payable for half an hour after T0) and invoice. */
export function orderRowFixture(overrides: Partial<OrderListRow> = {}): OrderListRow {
  return {
    ...orderFixture(),
    bill_id: 'bill-1',
    bill_expire_time: T0 + 1800,
    invoice_status: null,
    ...overrides,
  };
}

export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-pro',
    key: 'pro_monthly',
    name: 'Pro',
    description: 'For growing teams',
    kind: 'subscription',
    price: 1999,
    currency: 'USD',
    validity: 1,
    validity_unit: 'month',
    validity_unit_alias: 'month',
    credits: 5000,
    storage_quota_bytes: 10 * 1024 ** 3,
    seats: 5,
    functions: ['chat', 'analysis'],
    status: 'active',
    is_default: false,
    highlighted: false,
    sort_order: 10,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

/** The providers call with only the embedded sandbox (test mode), as a fresh install answers. */
export const SANDBOX_ONLY = {
  location: 'global' as const,
  items: [{ method: 'sandbox' as const, name: 'Sandbox', test_mode: true, flow: 'redirect' as const }],
};
