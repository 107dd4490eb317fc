import type Stripe from 'stripe';
import type { StandInCards } from './cards';
import { MAX_LIFETIME, MIN_LIFETIME, sessionObject } from './checkout-session-object';
import { type RecurringPrice, recurringOf } from './prices';
import {
  type FormObject,
  invalid,
  isFailure,
  isInteger,
  metadataOf,
  missingParam,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';

/**
 * `POST /v1/checkout/sessions` read as Stripe reads it, with its limits and error messages:
 * `payment` mode (one-time `price_data` line items, at least $0.50), `subscription` mode (one
 * recurring price, `subscription_data[metadata]`) and `setup` mode (a card saved for `customer`).
 * What the session keeps beside its Stripe shape comes with it (checkout-sessions.ts keeps them).
 */

export interface NewSession {
  session: Stripe.Checkout.Session;
  /** The line items' names, shown on the hosted page (Stripe keeps them as line items). */
  names: string[];
  /** What `payment_intent_data[metadata]` gives the PaymentIntent it makes (not in `setup` mode). */
  intentMetadata?: Stripe.Metadata;
  /** A `subscription` session's recurring price and `subscription_data[metadata]`, until it is paid. */
  recurring?: { price: RecurringPrice; metadata: Stripe.Metadata };
}

export interface SessionContext {
  now: () => number;
  /** Where the hosted page is served. */
  pageBase: string;
  cards: StandInCards;
}

const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'expires_at',
  'client_reference_id',
  'metadata',
  'payment_intent_data',
  'locale',
  'customer_email',
  'expand',
  'payment_method_types',
  'submit_type',
  'customer',
  'currency',
  'setup_intent_data',
  'allowed_payment_method_types',
  'subscription_data',
]);

/** The URLs every mode needs: `success_url` required, `cancel_url` optional. */
function urlsOf(form: FormObject): { success: string; cancel: string | null } | StripeFailure {
  if (typeof form.success_url !== 'string' || !/^https?:\/\//.test(form.success_url)) {
    return form.success_url === undefined
      ? missingParam('success_url')
      : invalid('Not a valid URL', 'success_url');
  }
  if (
    form.cancel_url !== undefined &&
    (typeof form.cancel_url !== 'string' || !/^https?:\/\//.test(form.cancel_url))
  ) {
    return invalid('Not a valid URL', 'cancel_url');
  }
  return {
    success: form.success_url,
    cancel: typeof form.cancel_url === 'string' ? form.cancel_url : null,
  };
}

export function createCheckoutSession(form: FormObject, context: SessionContext): NewSession | StripeFailure {
  for (const key of Object.keys(form)) if (!SESSION_PARAMS.has(key)) return unknownParam(key);
  const mode = form.mode;
  if (mode === undefined) return missingParam('mode');
  if (mode === 'setup') return createSetupSession(form, context);
  if (mode !== 'payment' && mode !== 'subscription') {
    return invalid(
      `The stand-in takes \`payment\`, \`subscription\` and \`setup\` modes only (got ${String(mode)}).`,
      'mode',
    );
  }
  if (mode === 'subscription' && form.payment_intent_data !== undefined) {
    return invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
  }
  if (mode === 'payment' && form.subscription_data !== undefined) {
    return invalid('You can only pass `subscription_data` in `subscription` mode.', 'subscription_data');
  }
  let recurringPrice: { interval: Stripe.Price.Recurring.Interval; intervalCount: number } | null = null;
  const urls = urlsOf(form);
  if (isFailure(urls)) return urls;
  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0) return missingParam('line_items');
  let total = 0;
  let currency: string | null = null;
  const names: string[] = [];
  for (const [i, item] of items.entries()) {
    const param = `line_items[${i}]`;
    if (typeof item !== 'object' || Array.isArray(item)) return invalid('Invalid object', param);
    const quantity = item.quantity;
    if (!isInteger(quantity) || Number(quantity) < 1) return missingParam(`${param}[quantity]`);
    const price = item.price_data;
    if (typeof price !== 'object' || Array.isArray(price)) {
      return item.price === undefined
        ? missingParam(`${param}[price_data]`)
        : invalid('The stand-in has no Prices: use price_data', `${param}[price]`);
    }
    const itemCurrency = price.currency;
    if (typeof itemCurrency !== 'string' || !/^[a-zA-Z]{3}$/.test(itemCurrency)) {
      return invalid('Invalid currency', `${param}[price_data][currency]`);
    }
    if (currency && currency !== itemCurrency.toLowerCase()) {
      return invalid('All line items must have the same currency', `${param}[price_data][currency]`);
    }
    currency = itemCurrency.toLowerCase();
    const unit = price.unit_amount;
    if (!isInteger(unit) || Number(unit) < 0 || Number(unit) > 99_999_999) {
      return invalid('Invalid integer', `${param}[price_data][unit_amount]`, 'parameter_invalid_integer');
    }
    const product = price.product_data;
    if (
      typeof product !== 'object' ||
      Array.isArray(product) ||
      typeof product.name !== 'string' ||
      !product.name
    ) {
      return missingParam(`${param}[price_data][product_data][name]`);
    }
    names.push(product.name);
    total += Number(unit) * Number(quantity);
    if (mode === 'subscription') {
      const made = recurringOf(price.recurring, `${param}[price_data][recurring]`);
      if (isFailure(made)) return made;
      recurringPrice = made;
    } else if (price.recurring !== undefined) {
      return invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${param}[price_data][recurring]`,
      );
    }
  }
  if (total < 50) {
    return invalid(
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      undefined,
      'amount_too_small',
    );
  }
  const created = context.now();
  let expiresAt = created + MAX_LIFETIME;
  if (form.expires_at !== undefined) {
    if (!isInteger(form.expires_at))
      return invalid('Invalid integer', 'expires_at', 'parameter_invalid_integer');
    expiresAt = Number(form.expires_at);
    if (expiresAt < created + MIN_LIFETIME) {
      return invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt > created + MAX_LIFETIME) {
      return invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
  }
  const reference = form.client_reference_id;
  if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200)) {
    return invalid('client_reference_id may be at most 200 characters', 'client_reference_id');
  }
  const metadata = metadataOf(form.metadata, 'metadata');
  if (isFailure(metadata)) return metadata;
  const intentData = form.payment_intent_data;
  let givenIntentMetadata: Stripe.Metadata = {};
  if (intentData !== undefined) {
    if (typeof intentData !== 'object' || Array.isArray(intentData)) {
      return invalid('Invalid object', 'payment_intent_data');
    }
    const metadataOfIntent = metadataOf(intentData.metadata, 'payment_intent_data[metadata]');
    if (isFailure(metadataOfIntent)) return metadataOfIntent;
    givenIntentMetadata = metadataOfIntent;
  }
  const shape = sessionObject({
    created,
    metadata,
    urls,
    locale: typeof form.locale === 'string' ? form.locale : null,
    reference: typeof reference === 'string' ? reference : null,
    pageBase: context.pageBase,
  });
  const session: Stripe.Checkout.Session = {
    ...shape,
    amount_subtotal: total,
    amount_total: total,
    currency,
    customer_creation: 'if_required',
    customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
    expires_at: expiresAt,
    payment_method_collection: 'if_required',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  };
  if (mode === 'subscription' && recurringPrice && currency) {
    const data = form.subscription_data;
    if (data !== undefined && (typeof data !== 'object' || Array.isArray(data))) {
      return invalid('Invalid object', 'subscription_data');
    }
    const subscriptionMetadata = metadataOf(data?.metadata, 'subscription_data[metadata]');
    if (isFailure(subscriptionMetadata)) return subscriptionMetadata;
    if (typeof form.customer === 'string' && !context.cards.customers.has(form.customer)) {
      return noSuch('customer', form.customer, 'customer');
    }
    session.mode = 'subscription';
    session.customer = typeof form.customer === 'string' ? form.customer : null;
    session.payment_method_collection = 'always';
    return {
      session,
      names,
      intentMetadata: givenIntentMetadata,
      recurring: {
        price: { amount: total, currency, productName: names[0] ?? '', ...recurringPrice },
        metadata: subscriptionMetadata,
      },
    };
  }
  return { session, names, intentMetadata: givenIntentMetadata };
}

/**
 * Checkout in `setup` mode: no line items and no amount; the card is saved for `customer`
 * (required here, as we always pass one) by a SetupIntent made when the page is submitted.
 */
function createSetupSession(form: FormObject, context: SessionContext): NewSession | StripeFailure {
  if (form.line_items !== undefined) {
    return invalid('You cannot pass `line_items` in `setup` mode.', 'line_items');
  }
  const urls = urlsOf(form);
  if (isFailure(urls)) return urls;
  if (form.currency === undefined && form.allowed_payment_method_types === undefined) {
    return missingParam('currency');
  }
  const customer = context.cards.checkSetupCustomer(form);
  if (isFailure(customer)) return customer;
  const metadata = metadataOf(form.metadata, 'metadata');
  if (isFailure(metadata)) return metadata;
  const made = sessionObject({
    created: context.now(),
    metadata,
    urls,
    locale: typeof form.locale === 'string' ? form.locale : null,
    reference: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
    pageBase: context.pageBase,
  });
  const session: Stripe.Checkout.Session = {
    ...made,
    mode: 'setup',
    amount_subtotal: null,
    amount_total: null,
    currency: typeof form.currency === 'string' ? form.currency.toLowerCase() : null,
    customer,
    payment_status: 'no_payment_required',
  };
  return { session, names: [] };
}
