import {
  actOnStripeSchedule,
  getStripeSchedule,
  listStripeSchedules,
} from '@app/contract/billing/stripe-schedules';
import { routesFor } from '../../../platform/endpoint';
import type { ServerModule } from '../../../platform/platform';
import * as admin from './stripe-schedules.admin';

/** `/admin/stripe/schedule`: the mirror of Stripe's subscription schedules (stripe-schedules.ts). */
export const stripeSchedulesModule: ServerModule = {
  name: 'stripe-schedules',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listStripeSchedules, ({ ctx, query }) => admin.listStripeSchedules(platform, ctx, query));
    route(getStripeSchedule, ({ ctx, params }) => admin.getStripeSchedule(platform, ctx, params.id));
    route(actOnStripeSchedule, ({ ctx, params, body }) =>
      admin.actOnStripeSchedule(platform, ctx, params.id, body),
    );
  },
};
