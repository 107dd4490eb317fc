import {
  actOnStripeSubscription,
  getStripeSubscription,
  listStripeSubscriptions,
} from '@app/contract/billing/stripe-subscriptions';
import { routesFor } from '../../../platform/endpoint';
import type { ServerModule } from '../../../platform/platform';
import * as admin from './stripe-subscriptions.admin';

/** `/admin/stripe/subscription`: the mirror of Stripe's subscriptions (stripe-subscriptions.ts). */
export const stripeSubscriptionsModule: ServerModule = {
  name: 'stripe-subscriptions',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listStripeSubscriptions, ({ ctx, query }) => admin.listStripeSubscriptions(platform, ctx, query));
    route(getStripeSubscription, ({ ctx, params }) => admin.getStripeSubscription(platform, ctx, params.id));
    route(actOnStripeSubscription, ({ ctx, params, body }) =>
      admin.actOnStripeSubscription(platform, ctx, params.id, body),
    );
  },
};
