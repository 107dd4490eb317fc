import {
  getStripePaymentIntent,
  listStripePaymentIntents,
  refreshStripePaymentIntent,
  syncStripePaymentIntents,
} from '@app/contract/billing/stripe-payment-intents';
import { routesFor } from '../../../platform/endpoint';
import type { ServerModule } from '../../../platform/platform';
import {
  getStripeIntent,
  listStripeIntents,
  refreshStripeIntent,
  syncStripeIntents,
} from './stripe-mirror.admin';

/** `/admin/stripe/payment-indent`: the mirror of Stripe's PaymentIntents (stripe-mirror.ts). */
export const stripeMirrorModule: ServerModule = {
  name: 'stripe-mirror',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listStripePaymentIntents, ({ ctx, query }) => listStripeIntents(platform, ctx, query));
    route(getStripePaymentIntent, ({ ctx, params }) => getStripeIntent(platform, ctx, params.id));
    route(refreshStripePaymentIntent, ({ ctx, params, body }) =>
      refreshStripeIntent(platform, ctx, params.id, body.reason),
    );
    route(syncStripePaymentIntents, ({ ctx, body }) => syncStripeIntents(platform, ctx, body.reason));
  },
};
