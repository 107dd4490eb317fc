import {
  CHECKOUT_EVENT_TYPES,
  startStripeStandIn,
} from '../../apps/server/src/test/stripe-stand-in/stripe-stand-in';

/**
 * The local Stripe stand-in the payment journeys pay through (the one the server's tests use,
 * over real HTTP): its API, its hosted Checkout page and its signed webhooks. `serverEnv` seeds
 * the server's foreign-keys vault (kind `stripe`) from the environment; once the server's
 * address is known, `deliverTo` points the stand-in's webhook endpoint at it, as one registers
 * an endpoint in Stripe's dashboard.
 */
export async function startStripe() {
  const standIn = await startStripeStandIn();
  // The events the README has an endpoint send: Checkout's, the subscriptions' and invoices'
  // (renewals), and the intents', charges' and refunds' (the payment-intents mirror and refund
  // notices read them).
  standIn.webhooks.enabledEvents = [
    ...CHECKOUT_EVENT_TYPES,
    'payment_intent.succeeded',
    'payment_intent.processing',
    'payment_intent.payment_failed',
    'charge.succeeded',
    'charge.refunded',
    'refund.created',
    'refund.updated',
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'invoice.paid',
    'invoice.payment_failed',
    'invoice.voided',
    'subscription_schedule.created',
    'subscription_schedule.updated',
    'subscription_schedule.released',
    'subscription_schedule.canceled',
    'subscription_schedule.completed',
    'refund.failed',
  ];
  return {
    url: standIn.url,
    serverEnv: {
      STRIPE_BASE_URL: standIn.url,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhooks.secrets[0] ?? '',
    },
    deliverTo(serverUrl: string) {
      standIn.webhooks.url = `${serverUrl}/api/payments/notify/stripe`;
    },
    stop: () => standIn.close(),
  };
}
