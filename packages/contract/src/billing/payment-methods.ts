import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zPaymentMethod } from './payments';

/*
 * `/account/wallet/payment-method` (spec section 2; issue 27 item 8): the team's saved cards.
 * Only Stripe keeps cards on file: a card is added through Stripe's hosted Checkout in `setup`
 * mode (the app never sees a card number), and the list is read from Stripe itself, so it is
 * what Stripe would charge. In location `cn` (WeChat Pay and Alipay, paid each time) and while
 * Stripe is not set up, the list is empty and `reason` says why in the customer's terms.
 */

const tags = ['billing: payment methods'];

/** A saved card's id at its provider (`pm_…`). */
const zSavedMethodId = z.string().min(1).max(255);

export const zSavedPaymentMethod = z.object({
  id: z.string(),
  method: zPaymentMethod,
  /** The card's brand as Stripe names it (`visa`, `mastercard`, `amex`, …). */
  brand: z.string(),
  last4: z.string(),
  /** e.g. `Visa •••• 4242`; never a full number. */
  label: z.string(),
  /** `MM/YYYY`. */
  expire_month: z.string().nullable(),
  /** Whether the card is past its expiry month (it can no longer pay). */
  expired: z.boolean(),
  is_default: z.boolean(),
  /**
   * When the card pays the team's next Stripe renewal (the subscription's own card, or the team's
   * default when the subscription names none); null when no renewal is charged to it.
   */
  renewal_time: zSeconds.nullable(),
  creation_time: zSeconds,
});
export type SavedPaymentMethod = z.infer<typeof zSavedPaymentMethod>;

/**
 * Saved methods of the team. `can_add`: a card can be added here now (Stripe is set up and the
 * location takes cards). `can_manage`: the caller may add, choose the default and remove (the
 * team's owner or an admin; members see the list).
 */
export const listSavedPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/api/account/wallet/payment-methods',
  permission: 'signed_in',
  summary: "The team's saved cards (none until a provider that keeps cards is set up)",
  tags,
  response: z.object({
    items: z.array(zSavedPaymentMethod),
    reason: z.string().nullable(),
    can_add: z.boolean(),
    can_manage: z.boolean(),
  }),
});

/**
 * Starts saving a card: a Stripe Checkout Session in `setup` mode for the team's Stripe customer
 * (made on first use). The browser goes to `url`; Stripe sends it back to
 * `/account/wallet/payment-method` with `saved_session` (or without it when cancelled).
 */
export const startSavingPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/api/account/wallet/payment-methods/setup',
  permission: 'signed_in',
  summary: 'Add a card: a hosted Stripe page that saves it without charging',
  tags,
  response: z.object({ url: z.string(), expire_time: zSeconds }),
});

/**
 * Back from Stripe's page: the session is read from Stripe (the return address is navigation,
 * not proof), and a team's first card becomes its default. Answers the card that was saved.
 */
export const confirmSavedPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/api/account/wallet/payment-methods/setup/confirm',
  permission: 'signed_in',
  summary: 'Confirm a card saved on the hosted page (read back from Stripe)',
  tags,
  body: z.object({ session_id: z.string().min(1).max(255) }),
  response: z.object({ item: zSavedPaymentMethod }),
});

/** Makes a saved card the one Stripe charges by default. Another team's card is NOT_FOUND. */
export const setDefaultPaymentMethod = defineEndpoint({
  method: 'PUT',
  path: '/api/account/wallet/payment-methods/{id}/default',
  permission: 'signed_in',
  summary: 'Make a saved card the default',
  tags,
  params: z.object({ id: zSavedMethodId }),
  response: z.object({ item: zSavedPaymentMethod }),
});

/** Removes a saved card from the team (detached at Stripe). Another team's card is NOT_FOUND. */
export const removePaymentMethod = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/wallet/payment-methods/{id}',
  permission: 'signed_in',
  summary: 'Remove a saved card',
  tags,
  params: z.object({ id: zSavedMethodId }),
  response: z.object({ removed: z.literal(true) }),
});
