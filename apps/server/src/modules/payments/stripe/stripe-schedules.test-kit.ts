import { clearForeignKey, saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { createOrder } from '@app/contract/billing/orders';
import { createPayment } from '@app/contract/billing/payments';
import { actOnStripeSchedule } from '@app/contract/billing/stripe-schedules';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { startStripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { signUpUser, type TestApp } from '../../../test/test-app';
import { planId } from '../../billing/billing.test-kit';
import { stripeClient } from '../../foreign-keys/stripe-api';
import { syncStripeSchedule } from './stripe-schedules';

interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}
type ValidCall = (h: Harness) => Promise<() => Promise<{ status: number; text: string }>>;

/**
 * A valid operator action on a mirrored Stripe schedule, for the audit-trail walk
 * (`security/audit-trail.test.ts`): a stand-in with a plan paid in `subscription` mode and a
 * schedule made from its subscription, in the mirror. The keys are cleared and the stand-in
 * closed once the call is made.
 */
export const STRIPE_SCHEDULES_VALID_CALLS: Record<string, ValidCall> = {
  [actOnStripeSchedule.id]: async (h) => {
    const stripe = await startStripeStandIn();
    const values = {
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhooks.secrets[0] ?? '',
      base_url: stripe.url,
    };
    (
      await callEndpoint(h.app, saveForeignKey, { as: h.admin, params: { kind: 'stripe' }, body: { values } })
    ).ok();
    const user = await signUpUser(h.app);
    const made = (
      await callEndpoint(h.app, createOrder, {
        as: user,
        body: { plan_id: await planId(h.t, 'pro_monthly') },
      })
    ).ok();
    const payment = (
      await callEndpoint(h.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'stripe' },
      })
    ).ok();
    if (payment.next.kind !== 'redirect') throw new Error('Stripe Checkout redirects');
    const sessionId = new URL(payment.next.url).pathname.split('/').pop() ?? '';
    await stripe.pay(sessionId);
    const client = stripeClient(values);
    const schedule = await client.subscriptionSchedules.create({
      from_subscription: stripe.session(sessionId).subscription as string,
    });
    await h.t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, schedule.id));
    return async () => {
      try {
        return await callEndpoint(h.app, actOnStripeSchedule, {
          as: h.admin,
          params: { id: schedule.id },
          body: { action: 'release', reason: 'audit' },
        });
      } finally {
        await callEndpoint(h.app, clearForeignKey, { as: h.admin, params: { kind: 'stripe' } });
        await stripe.close();
      }
    };
  },
};
