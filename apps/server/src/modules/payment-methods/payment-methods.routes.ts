import {
  confirmSavedPaymentMethod,
  listSavedPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startSavingPaymentMethod,
} from '@app/contract/billing/payment-methods';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as methods from './payment-methods.service';

/** The team's saved cards (`/account/wallet/payment-method`), kept by Stripe. */
export const paymentMethodsModule: ServerModule = {
  name: 'payment-methods',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listSavedPaymentMethods, ({ ctx }) => methods.listSavedMethods(platform, ctx));
    route(startSavingPaymentMethod, ({ ctx }) => methods.startSaving(platform, ctx));
    route(confirmSavedPaymentMethod, ({ ctx, body }) => methods.confirmSaved(platform, ctx, body.session_id));
    route(setDefaultPaymentMethod, ({ ctx, params }) => methods.setDefault(platform, ctx, params.id));
    route(removePaymentMethod, ({ ctx, params }) => methods.removeCard(platform, ctx, params.id));
  },
};
