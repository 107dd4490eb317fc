import {
  refreshStripePaymentIntent,
  syncStripePaymentIntents,
} from '@app/contract/billing/stripe-payment-intents';
import { callEndpoint } from '../../../test/call-endpoint';
import { newTeamPaysOnStripe } from './stripe-app.test-kit';
import { auditStripe, type ValidCall } from './stripe-audit.test-kit';
import { syncStripeIntent } from './stripe-mirror';

/**
 * A valid refresh of a mirrored Stripe intent, and a valid backfill of the mirror, for the audit-trail walk
 * (`security/audit-trail.test.ts`): a stand-in with a paid session, its intent in the mirror. The
 * keys are cleared and the stand-in closed once the call is made, so later entries see no Stripe.
 */
export const STRIPE_MIRROR_VALID_CALLS: Record<string, ValidCall> = {
  [refreshStripePaymentIntent.id]: async (h) => {
    const { stripe, client, thenDisconnect } = await auditStripe(h);
    const { sessionId } = await newTeamPaysOnStripe(h.t, stripe, 'pro_monthly');
    const intentId = stripe.intentOf(sessionId) as string;
    await h.t.platform.db.transaction((tx) => syncStripeIntent(tx, client, intentId));
    return thenDisconnect(() =>
      callEndpoint(h.app, refreshStripePaymentIntent, {
        as: h.admin,
        params: { id: intentId },
        body: { reason: 'audit' },
      }),
    );
  },
  [syncStripePaymentIntents.id]: async (h) => {
    const { thenDisconnect } = await auditStripe(h);
    return thenDisconnect(() =>
      callEndpoint(h.app, syncStripePaymentIntents, { as: h.admin, body: { reason: 'audit' } }),
    );
  },
};
