import { actOnStripeSubscription } from '@app/contract/billing/stripe-subscriptions';
import { callEndpoint } from '../../../test/call-endpoint';
import { newTeamPaysOnStripe } from './stripe-app.test-kit';
import { auditStripe, type ValidCall } from './stripe-audit.test-kit';
import { syncStripeSubscription } from './stripe-subscriptions';

/**
 * A valid operator action on a mirrored Stripe subscription, for the audit-trail walk
 * (`security/audit-trail.test.ts`): a stand-in with a plan paid in `subscription` mode, its
 * subscription in the mirror. The keys are cleared and the stand-in closed once the call is made.
 */
export const STRIPE_SUBSCRIPTIONS_VALID_CALLS: Record<string, ValidCall> = {
  [actOnStripeSubscription.id]: async (h) => {
    const { stripe, client, thenDisconnect } = await auditStripe(h);
    const { sessionId } = await newTeamPaysOnStripe(h.t, stripe, 'pro_monthly');
    const subscriptionId = stripe.session(sessionId).subscription as string;
    await h.t.platform.db.transaction((tx) => syncStripeSubscription(tx, client, subscriptionId));
    return thenDisconnect(() =>
      callEndpoint(h.app, actOnStripeSubscription, {
        as: h.admin,
        params: { id: subscriptionId },
        body: { action: 'cancel_at_period_end', reason: 'audit' },
      }),
    );
  },
};
