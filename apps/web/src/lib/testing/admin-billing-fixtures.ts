import type { zAdminOrder, zRefund } from '@app/contract/billing/admin-orders';
import type { zCreditEntry } from '@app/contract/billing/credits';
import type { getFinancialReport } from '@app/contract/billing/financial';
import type { zAdminInvoice } from '@app/contract/billing/invoices';
import type { zBill, zPaymentSummary } from '@app/contract/billing/orders';
import type { listAdminPlans } from '@app/contract/billing/plans';
import type { zAdminSubscription } from '@app/contract/billing/subscriptions';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { z } from 'zod';

/**
 * Answers of the billing admin endpoints, typed by their contracts so a contract change breaks the
 * tests' compile; the pages validate every answer against the same schemas at run time.
 */

export const T0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC

type AdminPlan = EndpointResponse<typeof listAdminPlans>['items'][number];

export function planFixture(over: Partial<AdminPlan> = {}): AdminPlan {
  return {
    id: 'plan-pro',
    key: 'pro_monthly',
    name: 'Pro',
    description: '',
    kind: 'subscription',
    price: 1990,
    currency: 'USD',
    validity: 1,
    validity_unit: 'month',
    validity_unit_alias: 'month',
    credits: 5000,
    storage_quota_bytes: 10 * 1024 ** 3,
    seats: 5,
    functions: ['chat'],
    status: 'active',
    is_default: false,
    highlighted: false,
    sort_order: 100,
    created_at: T0,
    updated_at: T0,
    subscribers: 0,
    orders: 0,
    ...over,
  };
}

type AdminSubscription = z.input<typeof zAdminSubscription>;

export function subscriptionFixture(over: Partial<AdminSubscription> = {}): AdminSubscription {
  return {
    id: 'sub-1',
    team_id: 'team-1',
    plan_id: 'plan-pro',
    plan_key: 'pro_monthly',
    plan_name: 'Pro',
    status: 'active',
    is_default_plan: false,
    period_start: T0,
    period_end: T0 + 31 * 86_400,
    cancel_reason: null,
    canceled_time: null,
    creation_time: T0,
    team_name: 'Growth',
    owner_email: 'ada@example.com',
    ...over,
  };
}

type AdminOrder = z.input<typeof zAdminOrder>;

export function orderFixture(over: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 'ord-1',
    order_id: 'ord-1',
    order_num: 'ORD-20260101-0001',
    plan_name: 'Pro',
    plan_info: { validity: 1, validity_unit: 'month', validity_unit_alias: 'month' },
    creation_time: T0,
    price: 1990,
    currency: 'USD',
    pay_amount: 1990,
    proration_credit: 0,
    status: 'paid',
    kind: 'subscribe',
    plan_id: 'plan-pro',
    plan_kind: 'subscription',
    credits: 5000,
    paid_time: T0 + 60,
    refunded_time: null,
    starts_time: null,
    team: { id: 'team-1', name: 'Growth' },
    user: { id: 'u-1', username: 'Ada', email: 'ada@example.com' },
    method: 'sandbox',
    ...over,
  };
}

export function billFixture(over: Partial<z.input<typeof zBill>> = {}): z.input<typeof zBill> {
  return {
    id: 'bill-1',
    order_id: 'ord-1',
    status: 'paid',
    pay_amount: 1990,
    currency: 'USD',
    expire_time: T0 + 1800,
    paid_time: T0 + 60,
    method: 'sandbox',
    creation_time: T0,
    ...over,
  };
}

export function paymentFixture(
  over: Partial<z.input<typeof zPaymentSummary>> = {},
): z.input<typeof zPaymentSummary> {
  return {
    id: 'pay-1',
    method: 'sandbox',
    status: 'captured',
    amount: 1990,
    currency: 'USD',
    provider_reference: 'sbx_ref_1',
    creation_time: T0 + 30,
    captured_time: T0 + 60,
    ...over,
  };
}

export function creditEntryFixture(
  over: Partial<z.input<typeof zCreditEntry>> = {},
): z.input<typeof zCreditEntry> {
  return {
    id: 'ce-1',
    kind: 'grant',
    amount: 5000,
    balance_after: 5100,
    reference_type: 'order',
    reference_id: 'ord-1',
    note: 'ORD-20260101-0001',
    user: null,
    creation_time: T0 + 60,
    ...over,
  };
}

export function refundFixture(over: Partial<z.input<typeof zRefund>> = {}): z.input<typeof zRefund> {
  return {
    id: 'ref-1',
    refund_no: 'ORD-20260101-0001R1',
    status: 'succeeded',
    amount: 1990,
    currency: 'USD',
    credits_reversed: 5000,
    reason: 'Charged twice',
    provider_reference: 'sbx_refund_1',
    failure: null,
    settled_time: T0 + 3600,
    actor: { id: 'admin-1', username: 'Root' },
    creation_time: T0 + 3600,
    ...over,
  };
}

type AdminInvoice = z.input<typeof zAdminInvoice>;

export function invoiceFixture(over: Partial<AdminInvoice> = {}): AdminInvoice {
  return {
    id: 'inv-1',
    order_id: 'ord-1',
    order_num: 'ORD-20260101-0001',
    plan_name: 'Pro',
    amount: 1990,
    currency: 'USD',
    status: 'requested',
    title: 'Growth Ltd',
    tax_number: 'TAX-123',
    email: 'billing@growth.example',
    address: '1 Main St',
    invoice_number: null,
    reject_reason: null,
    has_file: false,
    requested_by: { id: 'u-1', username: 'Ada' },
    creation_time: T0 + 120,
    issued_time: null,
    rejected_time: null,
    team: { id: 'team-1', name: 'Growth' },
    ...over,
  };
}

type FinancialReport = EndpointResponse<typeof getFinancialReport>;

/** Two paid orders (one USD 19.90 by sandbox on Pro, one USD 99.00 by Stripe on Team) and one refund. */
export function financialFixture(over: Partial<FinancialReport> = {}): FinancialReport {
  return {
    start: '2026-01-01',
    end: '2026-01-30',
    currency: 'USD',
    currencies: ['USD', 'CNY'],
    totals: { revenue: 11_890, refunds: 1990, net: 9900, paid_orders: 2, refunded_orders: 1 },
    by_day: [
      { day: '2026-01-01', revenue: 1990, refunds: 0, orders: 1 },
      { day: '2026-01-02', revenue: 9900, refunds: 1990, orders: 1 },
    ],
    by_month: [{ month: '2026-01', revenue: 11_890, refunds: 1990, orders: 2 }],
    by_method: [
      { method: 'sandbox', revenue: 1990, refunds: 1990, orders: 1 },
      { method: 'stripe', revenue: 9900, refunds: 0, orders: 1 },
    ],
    by_plan: [
      { plan_id: 'plan-pro', plan_name: 'Pro', revenue: 1990, refunds: 1990, orders: 1 },
      { plan_id: 'plan-team', plan_name: 'Team', revenue: 9900, refunds: 0, orders: 1 },
    ],
    ...over,
  };
}

/** A list answer of one page. */
export function page<Item>(items: Item[]) {
  return { items, total: items.length, page: 1, page_size: 10 };
}
