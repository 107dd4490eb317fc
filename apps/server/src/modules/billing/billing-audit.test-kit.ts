import { refundOrder } from '@app/contract/billing/admin-orders';
import { adjustCredits } from '@app/contract/billing/credits';
import { issueInvoice, rejectInvoice, requestInvoice } from '@app/contract/billing/invoices';
import { createPlan, deletePlan, setFunctionPermission, updatePlan } from '@app/contract/billing/plans';
import { deleteModelPrice, putFunctionPrice, putModelPrice } from '@app/contract/billing/prices';
import {
  cancelSubscription,
  extendSubscription,
  getMySubscription,
} from '@app/contract/billing/subscriptions';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { signUpUser, type TestApp } from '../../test/test-app';
import { buyPlan, planId, teamIdOf } from './billing.test-kit';

/**
 * A valid call of each billing admin mutation, for the audit-trail walk
 * (`security/audit-trail.test.ts`): the set-up runs first, the returned call is the one checked
 * for its operation record.
 */
interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}
type ValidCall = (h: Harness) => Promise<() => Promise<{ status: number; text: string }>>;

let plans = 0;
async function newPlan(h: Harness) {
  plans += 1;
  const made = await callEndpoint(h.app, createPlan, {
    as: h.admin,
    body: {
      key: `audit_plan_${plans}`,
      name: 'Audit plan',
      price: 500,
      currency: 'USD',
      validity: 1,
      validity_unit: 'month',
      credits: 10,
      storage_quota_bytes: 1024,
      seats: 1,
    },
  });
  return made.ok().plan.id;
}

/** A user with a paid Pro subscription and an invoice request for it. */
async function paidCustomer(h: Harness) {
  const user = await signUpUser(h.app);
  const bought = await buyPlan(h.t, user, 'pro_monthly');
  const subscription = (await callEndpoint(h.app, getMySubscription, { as: user })).ok().subscription;
  const invoice = (
    await callEndpoint(h.app, requestInvoice, {
      as: user,
      body: { order_id: bought.order.id, title: 'Audit Ltd', email: 'audit@example.com' },
    })
  ).ok().invoice;
  return { user, order: bought.order, subscription, invoice };
}

export const BILLING_VALID_CALLS: Record<string, ValidCall> = {
  [createPlan.id]: async (h) => () =>
    callEndpoint(h.app, createPlan, {
      as: h.admin,
      body: {
        key: 'audit_created_plan',
        name: 'Audit',
        price: 100,
        currency: 'USD',
        validity: 1,
        validity_unit: 'day',
        credits: 1,
        storage_quota_bytes: 1,
        seats: 1,
      },
    }),
  [updatePlan.id]: async (h) => {
    const id = await newPlan(h);
    return () =>
      callEndpoint(h.app, updatePlan, { as: h.admin, params: { id }, body: { name: 'Renamed plan' } });
  },
  [deletePlan.id]: async (h) => {
    const id = await newPlan(h);
    return () => callEndpoint(h.app, deletePlan, { as: h.admin, params: { id } });
  },
  [putModelPrice.id]: async (h) => () =>
    callEndpoint(h.app, putModelPrice, {
      as: h.admin,
      body: { model: 'audit-model', input_per_million: 100, output_per_million: 300 },
    }),
  [deleteModelPrice.id]: async (h) => {
    (
      await callEndpoint(h.app, putModelPrice, {
        as: h.admin,
        body: { model: 'audit-gone', input_per_million: 1, output_per_million: 1 },
      })
    ).ok();
    return () => callEndpoint(h.app, deleteModelPrice, { as: h.admin, query: { model: 'audit-gone' } });
  },
  [putFunctionPrice.id]: async (h) => () =>
    callEndpoint(h.app, putFunctionPrice, { as: h.admin, body: { function_key: 'analysis', credits: 6 } }),
  [setFunctionPermission.id]: async (h) => {
    const id = await planId(h.t, 'pro_monthly');
    return () =>
      callEndpoint(h.app, setFunctionPermission, {
        as: h.admin,
        body: { plan_id: id, function_key: 'audit_function', allowed: true },
      });
  },
  [adjustCredits.id]: async (h) => {
    const user = await signUpUser(h.app);
    const teamId = await teamIdOf(h.t, user);
    return () =>
      callEndpoint(h.app, adjustCredits, {
        as: h.admin,
        params: { team_id: teamId },
        body: { amount: 10, reason: 'audit' },
      });
  },
  [extendSubscription.id]: async (h) => {
    const { subscription } = await paidCustomer(h);
    return () =>
      callEndpoint(h.app, extendSubscription, {
        as: h.admin,
        params: { id: subscription.id },
        body: { validity: 3, validity_unit: 'day', reason: 'audit' },
      });
  },
  [cancelSubscription.id]: async (h) => {
    const { subscription } = await paidCustomer(h);
    return () =>
      callEndpoint(h.app, cancelSubscription, {
        as: h.admin,
        params: { id: subscription.id },
        body: { reason: 'audit' },
      });
  },
  [refundOrder.id]: async (h) => {
    const { order } = await paidCustomer(h);
    return () =>
      callEndpoint(h.app, refundOrder, { as: h.admin, params: { id: order.id }, body: { reason: 'audit' } });
  },
  [issueInvoice.id]: async (h) => {
    const { invoice } = await paidCustomer(h);
    return () => callEndpoint(h.app, issueInvoice, { as: h.admin, params: { id: invoice.id }, body: {} });
  },
  [rejectInvoice.id]: async (h) => {
    const { invoice } = await paidCustomer(h);
    return () =>
      callEndpoint(h.app, rejectInvoice, {
        as: h.admin,
        params: { id: invoice.id },
        body: { reason: 'audit' },
      });
  },
};
