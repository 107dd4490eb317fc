import { actOnStripeSchedule } from '@app/contract/billing/stripe-schedules';
import { callEndpoint } from '../../../test/call-endpoint';
import { newTeamPaysOnStripe } from './stripe-app.test-kit';
import { auditStripe, type ValidCall } from './stripe-audit.test-kit';
import { syncStripeSchedule } from './stripe-schedules';

/**
 * A valid operator action on a mirrored Stripe schedule, for the audit-trail walk
 * (`security/audit-trail.test.ts`): a stand-in with a plan paid in `subscription` mode and a
 * schedule made from its subscription, in the mirror. The keys are cleared and the stand-in
 * closed once the call is made.
 */
export const STRIPE_SCHEDULES_VALID_CALLS: Record<string, ValidCall> = {
  [actOnStripeSchedule.id]: async (h) => {
    const { stripe, client, thenDisconnect } = await auditStripe(h);
    const { sessionId } = await newTeamPaysOnStripe(h.t, stripe, 'pro_monthly');
    const schedule = await client.subscriptionSchedules.create({
      from_subscription: stripe.session(sessionId).subscription as string,
    });
    await h.t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, schedule.id));
    return thenDisconnect(() =>
      callEndpoint(h.app, actOnStripeSchedule, {
        as: h.admin,
        params: { id: schedule.id },
        body: { action: 'release', reason: 'audit' },
      }),
    );
  },
};
