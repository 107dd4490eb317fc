import {
  confirmSavedPaymentMethod,
  listSavedPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startSavingPaymentMethod,
} from '@app/contract/billing/payment-methods';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const paymentMethodsKey = ['billing', 'payment-methods'] as const;

export const savedMethodsQuery = queryOptions({
  queryKey: paymentMethodsKey,
  queryFn: ({ signal }) => callApi(listSavedPaymentMethods, { signal }),
});

/** Stripe's page that saves a card (no charge); the browser leaves for it. */
export const startSavingCard = () => callApi(startSavingPaymentMethod);

/** Back from Stripe's page with `saved_session`: the server reads the session back from Stripe. */
export const confirmSavedCard = (sessionId: string) =>
  callApi(confirmSavedPaymentMethod, { body: { session_id: sessionId } });

export const makeDefaultCard = (id: string) => callApi(setDefaultPaymentMethod, { params: { id } });

export const removeCard = (id: string) => callApi(removePaymentMethod, { params: { id } });
