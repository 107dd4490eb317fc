import type { PaymentMethod } from '@app/contract/billing/payments';
import { isChinaLocation, mobileProvidersFor, type PaymentDevice } from './payment-device';

/** A provider the server offers here (the providers call), as the dialog needs it. */
export interface OfferedProvider {
  method: PaymentMethod;
  test_mode: boolean;
}

/**
 * One button of the payment dialog: pay with a mobile provider here, or go to the payment page.
 * `available` is false for a provider this server has not been set up for: shown (the spec names
 * the buttons by location and device) but disabled, saying why.
 */
export type PaymentChoice =
  | { kind: 'provider'; method: PaymentMethod; available: boolean }
  | { kind: 'payment_page'; testMode: boolean };

/**
 * Spec sections 1, 2 and 6. Location `cn`: the mobile providers for this device (WeChat only
 * inside WeChat on a phone, the other on any other phone, both on a desktop). Any other
 * location: one button to the payment page. In `cn` with the test-mode provider configured, the
 * payment page is offered too, since no mobile provider can take a test payment.
 */
export function paymentChoices(
  locationVal: string | undefined,
  device: PaymentDevice,
  offered: readonly OfferedProvider[],
): PaymentChoice[] {
  const testMode = offered.some((provider) => provider.test_mode);
  if (!isChinaLocation(locationVal)) return [{ kind: 'payment_page', testMode }];
  const mobile: PaymentChoice[] = mobileProvidersFor(device).map((method) => ({
    kind: 'provider',
    method,
    available: offered.some((provider) => provider.method === method),
  }));
  return testMode ? [...mobile, { kind: 'payment_page', testMode }] : mobile;
}

/** `/payment?bill_id=&order_id=` (spec section 2). */
export function paymentPagePath(billId: string, orderId: string): string {
  return `/payment?${new URLSearchParams({ bill_id: billId, order_id: orderId })}`;
}
