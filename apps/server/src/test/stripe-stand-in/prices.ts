import type Stripe from 'stripe';
import {
  type FormObject,
  type FormValue,
  invalid,
  isInteger,
  newId,
  type StripeFailure,
  unknownParam,
} from './protocol';

/**
 * The stand-in's recurring prices: what a subscription renews at, what Checkout's
 * `price_data[recurring]` and `POST /v1/prices` make, and their `Stripe.Price` and `Stripe.Plan`
 * shapes (the plan is the price as the subscription item's `plan` still shows it).
 */

export interface RecurringPrice {
  amount: number;
  currency: string;
  interval: Stripe.Price.Recurring.Interval;
  intervalCount: number;
  productName: string;
}

/** A price made with `POST /v1/prices`: what it charges, and what Stripe answers for it. */
export interface MadePrice {
  price: RecurringPrice;
  object: Stripe.Price;
}

/** Adds `count` intervals to a Unix time, on the calendar (a month from Jan 31 is Mar 3, as Date does). */
export function addInterval(at: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  const date = new Date(at * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

/** `line_items[i][price_data][recurring]` as Stripe takes it: an interval and a count within a year (3 for months). */
export function recurringOf(
  value: FormValue | undefined,
  param: string,
): { interval: Stripe.Price.Recurring.Interval; intervalCount: number } | StripeFailure {
  if (typeof value !== 'object' || Array.isArray(value)) return invalid('Missing required param', param);
  const interval = value.interval;
  if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year') {
    return invalid('Invalid interval: must be one of day, month, week, or year', `${param}[interval]`);
  }
  const count = value.interval_count === undefined ? '1' : value.interval_count;
  if (!isInteger(count) || Number(count) < 1) {
    return invalid('Invalid integer', `${param}[interval_count]`, 'parameter_invalid_integer');
  }
  // Stripe's limit: at most three years between payments.
  const days = { day: 1, week: 7, month: 31, year: 366 }[interval] * Number(count);
  if (days > 3 * 366) {
    return invalid('The maximum billing period is three years.', `${param}[interval_count]`);
  }
  return { interval, intervalCount: Number(count) };
}

/** `items[0][price_data]`: a recurring price given in place, on the product it names. */
export function priceDataOf(data: FormObject, param: string): RecurringPrice | StripeFailure {
  const recurring = recurringOf(data.recurring, `${param}[recurring]`);
  if ('status' in recurring) return recurring;
  if (!isInteger(data.unit_amount))
    return invalid('Invalid integer', `${param}[unit_amount]`, 'parameter_invalid_integer');
  return {
    amount: Number(data.unit_amount),
    currency: String(data.currency ?? ''),
    interval: recurring.interval,
    intervalCount: recurring.intervalCount,
    productName: String(data.product ?? ''),
  };
}

export function priceObject(price: RecurringPrice, created: number): Stripe.Price {
  return {
    id: newId('price_'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: newId('prod_', 14),
    recurring: {
      interval: price.interval,
      interval_count: price.intervalCount,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.amount,
    // Stripe's Decimal is a class of the library: the whole amount says it here.
    unit_amount_decimal: null,
  };
}

export function planObject(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** `POST /v1/prices`: a recurring price in a two-decimal currency, on a product made with it. */
export function readPrice(form: FormObject, created: number): MadePrice | StripeFailure {
  for (const key of Object.keys(form)) {
    if (
      !['currency', 'unit_amount', 'recurring', 'product_data', 'product', 'metadata', 'nickname'].includes(
        key,
      )
    )
      return unknownParam(key);
  }
  if (typeof form.currency !== 'string' || !/^[a-z]{3}$/.test(form.currency))
    return invalid('Invalid currency', 'currency');
  if (!isInteger(form.unit_amount) || Number(form.unit_amount) < 0)
    return invalid('Invalid integer', 'unit_amount', 'parameter_invalid_integer');
  const recurring = recurringOf(form.recurring, 'recurring');
  if ('status' in recurring) return recurring;
  const productData = form.product_data;
  const productName =
    typeof productData === 'object' && !Array.isArray(productData) && typeof productData.name === 'string'
      ? productData.name
      : null;
  if (!productName && typeof form.product !== 'string') return invalid('Missing required param', 'product');
  const price: RecurringPrice = {
    amount: Number(form.unit_amount),
    currency: form.currency,
    interval: recurring.interval,
    intervalCount: recurring.intervalCount,
    productName: productName ?? String(form.product),
  };
  const object = priceObject(price, created);
  if (typeof form.metadata === 'object' && !Array.isArray(form.metadata)) {
    for (const [key, value] of Object.entries(form.metadata)) {
      if (typeof value === 'string') object.metadata[key] = value;
    }
  }
  return { price, object };
}
