import type { PaymentMethod } from '@app/contract/billing/payments';
import { isChinaLocation, mobileProvidersFor, type PaymentDevice } from './payment-device';

/** A provider the server offers here (the providers call), as the dialog needs it. */
export interface OfferedProvider {
  method: PaymentMethod;
  test_mode: boolean;
}

/**
 * One button of the payment dialog: a provider to pay with, which leads straight to its page (or
 * shows its code, or submits its form). `available` is false for a provider this server has not
 * been set up for: shown (the spec names the buttons by location and device) but disabled, saying
 * why.
 */
export interface PaymentChoice {
  method: PaymentMethod;
  available: boolean;
}

/**
 * Spec sections 1, 2 and 6. Location `cn`: the mobile providers for this device (WeChat only
 * inside WeChat on a phone, the other on any other phone, both on a desktop), and the test-mode
 * provider when the server offers it (no mobile provider can take a test payment). Any other
 * location: each provider the server offers (the sandbox, Stripe), each a button that leads
 * straight to that provider's page: the app has no page of its own in between.
 */
export function paymentChoices(
  locationVal: string | undefined,
  device: PaymentDevice,
  offered: readonly OfferedProvider[],
): PaymentChoice[] {
  if (!isChinaLocation(locationVal)) return offered.map(({ method }) => ({ method, available: true }));
  const mobile = mobileProvidersFor(device).map((method) => ({
    method,
    available: offered.some((provider) => provider.method === method),
  }));
  const testing = offered.filter(
    (provider) => provider.test_mode && !mobile.some((m) => m.method === provider.method),
  );
  return [...mobile, ...testing.map(({ method }) => ({ method, available: true }))];
}

/**
 * The method to go straight to when it is the only one that can be used here: confirming an order
 * (or paying it from a list) then leaves for that provider at once, without a dialog to click
 * through. Null when there are several to choose from, or none.
 */
export function onlyMethod(choices: readonly PaymentChoice[]): PaymentMethod | null {
  const usable = choices.filter((choice) => choice.available);
  return usable.length === 1 && usable[0] ? usable[0].method : null;
}
