import type Stripe from 'stripe';
import { asPreview } from './invoices';
import { addInterval, type MadePrice, planObject, priceDataOf, priceObject } from './prices';
import {
  type FormObject,
  invalid,
  isInteger,
  missingParam,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';
import type { Change, Held, SubscriptionBook } from './subscription-book';

/**
 * A change of a subscription's price (`POST /v1/subscriptions/:id` with `items`, and the same
 * change previewed by `POST /v1/invoices/create_preview`), prorated as Stripe does, to the second
 * at `proration_date`: the unused part of the current price is credited (rounded to the cent), and
 * the new price is charged in full for a new period when the cycle restarts
 * (`billing_cycle_anchor=now`, or another interval), else pro rata for the rest of this one.
 * `proration_behavior` is `always_invoice` or `none`. With `payment_behavior=pending_if_incomplete`
 * (and its parameter limits) a declined charge leaves the subscription as it was, the change in
 * `pending_update` and the invoice open until it is paid or voided (subscriptions.ts).
 */

const PENDING_UPDATE_PARAMS = [
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'metadata',
];

/**
 * A change of price read from `items` and the proration parameters (the update's own, or a
 * preview's `subscription_details`), priced as Stripe prices it. `param` names the parameters
 * in errors (`subscription_details[...]` for a preview).
 */
function readChange(
  book: SubscriptionBook,
  held: Held,
  form: FormObject,
  param: (name: string) => string,
  options: { priceData: boolean },
): (Change & { invoices: boolean }) | StripeFailure {
  const { subscription } = held;
  const item = subscription.items.data[0];
  if (!item) return invalid('The subscription has no item', param('items'));
  const items = form.items;
  const entry = Array.isArray(items) && items.length === 1 ? items[0] : null;
  if (!entry || typeof entry !== 'object' || Array.isArray(entry))
    return invalid('The stand-in changes the one item of a subscription', param('items'));
  if (entry.id !== item.id)
    return invalid(`Invalid subscription_item: ${String(entry.id)}`, param('items[0][id]'));
  let next: MadePrice | undefined;
  if (typeof entry.price === 'string') {
    next = book.prices.get(entry.price);
    if (!next) return noSuch('price', entry.price, param('items[0][price]'));
  } else if (entry.price_data !== undefined) {
    if (!options.priceData)
      return invalid(
        'When payment_behavior is pending_if_incomplete, items can only name a price.',
        param('items[0][price_data]'),
      );
    const data = entry.price_data;
    if (typeof data !== 'object' || Array.isArray(data))
      return invalid('Invalid object', param('items[0][price_data]'));
    const price = priceDataOf(data, param('items[0][price_data]'));
    if ('status' in price) return price;
    next = { price, object: priceObject(price, book.hooks.now()) };
  } else {
    return missingParam(param('items[0][price]'));
  }
  if (next.price.currency !== subscription.currency)
    return invalid("The price's currency must be the subscription's currency.", param('items[0][price]'));
  const behavior = form.proration_behavior ?? 'create_prorations';
  if (behavior !== 'always_invoice' && behavior !== 'none')
    return invalid('The stand-in prorates with always_invoice or none only.', param('proration_behavior'));
  const now = book.hooks.now();
  const start = item.current_period_start;
  const end = item.current_period_end;
  let at = now;
  if (form.proration_date !== undefined) {
    if (!isInteger(form.proration_date))
      return invalid('Invalid integer', param('proration_date'), 'parameter_invalid_integer');
    at = Number(form.proration_date);
    if (at < start || at > end)
      return invalid(
        'The proration date must be within the current billing period.',
        param('proration_date'),
      );
  }
  // Since `2026-05-27.dahlia` the anchor is an object (`billing_cycle_anchor[type]=now`).
  const given = form.billing_cycle_anchor;
  const anchor = typeof given === 'object' && !Array.isArray(given) ? given.type : given;
  if (anchor !== undefined && anchor !== 'now' && anchor !== 'unchanged')
    return invalid(
      'Invalid billing_cycle_anchor[type]: must be one of now or unchanged',
      param('billing_cycle_anchor[type]'),
    );
  const restarts =
    anchor === 'now' ||
    next.price.interval !== held.price.interval ||
    next.price.intervalCount !== held.price.intervalCount;
  const left = end > start ? (end - at) / (end - start) : 0;
  const credit = behavior === 'none' ? 0 : Math.round(held.price.amount * left);
  const charge = restarts
    ? next.price.amount
    : behavior === 'none'
      ? 0
      : Math.round(next.price.amount * left);
  const metadata: Record<string, string> = {};
  if (form.metadata !== undefined) {
    if (typeof form.metadata !== 'object' || Array.isArray(form.metadata))
      return invalid('Invalid object', param('metadata'));
    for (const [key, value] of Object.entries(form.metadata)) {
      if (typeof value !== 'string') return invalid('Invalid string', param(`metadata[${key}]`));
      metadata[key] = value;
    }
  }
  return {
    price: next.price,
    priceObject: { ...next.object, id: next.object.id },
    restarts,
    at,
    due: Math.max(charge - credit, 0),
    metadata,
    invoices: restarts || behavior === 'always_invoice',
  };
}

/** The change takes effect: the item's price, a new cycle if it restarts, the metadata merged. */
export function applyChange(book: SubscriptionBook, held: Held, change: Change): void {
  const { subscription } = held;
  const item = subscription.items.data[0];
  if (!item) return;
  item.price = structuredClone(change.priceObject);
  item.plan = planObject(change.priceObject);
  held.price = change.price;
  if (change.restarts) {
    const now = book.hooks.now();
    item.current_period_start = now;
    item.current_period_end = addInterval(now, change.price.interval, change.price.intervalCount);
    subscription.billing_cycle_anchor = now;
  }
  for (const [key, value] of Object.entries(change.metadata)) {
    if (value === '') delete subscription.metadata[key];
    else subscription.metadata[key] = value;
  }
  subscription.pending_update = null;
  subscription.status = 'active';
  held.pending = null;
}

/** The change waits for its invoice, as Stripe shows it in `pending_update` (for 23 hours). */
function pendingUpdate(
  change: Change,
  item: Stripe.SubscriptionItem | undefined,
  now: number,
): Stripe.Subscription.PendingUpdate {
  return {
    billing_cycle_anchor: change.restarts ? now : null,
    cancel_at_period_end: null,
    discount: null,
    discounts: null,
    expires_at: now + 23 * 3600,
    metadata: Object.keys(change.metadata).length > 0 ? { ...change.metadata } : null,
    subscription_items: item
      ? [{ ...structuredClone(item), price: structuredClone(change.priceObject) }]
      : null,
    trial_end: null,
    trial_from_plan: null,
  };
}

/**
 * `POST /v1/subscriptions/:id` with `items`: the change is invoiced at once (`always_invoice`, or
 * a restarting cycle) and charged to the default card. Paid: it applies. Declined: with
 * `pending_if_incomplete` nothing changes but `pending_update`; otherwise it applies and the
 * subscription is `past_due`. Answers the failure, or null once the subscription is changed.
 */
export function changePrice(book: SubscriptionBook, held: Held, form: FormObject): StripeFailure | null {
  const { subscription } = held;
  const pendingIfIncomplete = form.payment_behavior === 'pending_if_incomplete';
  for (const key of Object.keys(form)) {
    if (pendingIfIncomplete && !PENDING_UPDATE_PARAMS.includes(key)) {
      return invalid(
        `When payment_behavior is pending_if_incomplete, you can only pass: ${PENDING_UPDATE_PARAMS.join(', ')}.`,
        key,
      );
    }
    if (![...PENDING_UPDATE_PARAMS, 'default_payment_method'].includes(key)) return unknownParam(key);
  }
  if (subscription.status === 'canceled') {
    return invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (held.pending) {
    return invalid('This subscription has a pending update: pay or void its invoice first.', 'items');
  }
  const change = readChange(book, held, form, (name) => name, { priceData: !pendingIfIncomplete });
  if ('status' in change) return change;
  if (!change.invoices) {
    applyChange(book, held, change);
    book.hooks.emit('customer.subscription.updated', subscription);
    return null;
  }
  const intentId = change.due > 0 ? book.chargeCard(held, change.due) : null;
  const paid = change.due === 0 || intentId !== null;
  const now = book.hooks.now();
  const item = subscription.items.data[0];
  const invoice = book.issue(held, {
    reason: 'subscription_update',
    periodStart: change.at,
    periodEnd: change.restarts
      ? addInterval(now, change.price.interval, change.price.intervalCount)
      : (item?.current_period_end ?? now),
    intentId,
    paid,
    amount: change.due,
  });
  subscription.latest_invoice = invoice.id;
  if (paid) {
    applyChange(book, held, change);
    book.hooks.emit('invoice.paid', invoice);
  } else if (pendingIfIncomplete) {
    held.pending = { ...change, invoiceId: invoice.id };
    subscription.pending_update = pendingUpdate(change, item, now);
    book.hooks.emit('invoice.payment_failed', invoice);
  } else {
    applyChange(book, held, change);
    subscription.status = 'past_due';
    book.hooks.emit('invoice.payment_failed', invoice);
  }
  book.hooks.emit('customer.subscription.updated', subscription);
  return null;
}

/**
 * `POST /v1/invoices/create_preview` for a change of a subscription's price: the invoice the
 * same update would make now (or at `subscription_details[proration_date]`), kept nowhere.
 */
export function previewChange(book: SubscriptionBook, form: FormObject): Stripe.Invoice | StripeFailure {
  for (const key of Object.keys(form)) {
    if (!['customer', 'subscription', 'subscription_details', 'expand'].includes(key))
      return unknownParam(key);
  }
  if (typeof form.subscription !== 'string') return missingParam('subscription');
  const held = book.held.get(form.subscription);
  if (!held) return noSuch('subscription', form.subscription, 'subscription');
  if (typeof form.customer === 'string' && form.customer !== held.subscription.customer)
    return invalid('The subscription does not belong to this customer.', 'customer');
  const details = form.subscription_details;
  if (typeof details !== 'object' || Array.isArray(details))
    return missingParam('subscription_details[items]');
  const change = readChange(book, held, details, (name) => `subscription_details[${name}]`, {
    priceData: true,
  });
  if ('status' in change) return change;
  // Made as the update's invoice would be, then dropped: a preview keeps nothing but uses up a number.
  const invoice = book.issue(held, {
    reason: 'subscription_update',
    periodStart: change.at,
    periodEnd: change.at,
    intentId: null,
    paid: false,
    amount: change.invoices ? change.due : 0,
  });
  book.invoices.delete(invoice.id);
  return asPreview(invoice);
}
