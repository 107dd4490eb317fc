import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import type { RecurringTerms, UpgradeTerms } from '../bills-to-pay';
import type { Initiated, TradeState } from '../provider';
import { stripeInterval, subscriptionMetadata } from './stripe-subscriptions';
import { liveSubscriptionsOfTeam } from './stripe-subscriptions.repo';

/**
 * An upgrade of a plan Stripe renews (issue 27 item 2) changes that subscription rather than
 * starting another: `subscriptions.update` to the new plan's price with
 * `proration_behavior=always_invoice` (the change is invoiced and charged to the card on file at
 * once), `billing_cycle_anchor=now` (the new plan's period starts now, whole, as our upgrades do,
 * so its credits are the whole period's: the pro-rata trap of polar#10482 does not arise) and
 * `payment_behavior=pending_if_incomplete` (a declined card changes nothing until the invoice is
 * paid). Stripe prorates with its own period bounds, a few seconds off ours, so the price the
 * customer is shown and billed is Stripe's preview (`invoices.createPreview`) at the second the
 * order is priced, and the update passes that same `proration_date`: the invoice asks exactly the
 * bill. Whatever keeps the two from agreeing (Stripe out of reach at pricing, a renewal in
 * between, a pending update) leaves the upgrade paid once by Checkout, which ends the old
 * subscription (`stopRenewalsReplacedBy`).
 */

/** What Stripe would charge for changing the team's subscription to `upgrade` at `upgrade.pricedAt`. */
interface Quote {
  subscriptionId: string;
  itemId: string;
  customerId: string;
  /** The card the subscription charges: the change's invoice is paid with it at once. */
  paymentMethodId: string;
  prorationDate: number;
  amountDue: number;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function stripeOf(platform: Platform): Promise<Stripe | null> {
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  return values ? stripeClient(values) : null;
}

/**
 * The preview of the change, or null when Stripe renews nothing for the team that this upgrade
 * can change (none live, several, another currency, set to end, a change already pending).
 */
async function quote(
  platform: Platform,
  client: Stripe,
  upgrade: UpgradeTerms,
  currency: string,
): Promise<Quote | null> {
  const interval = stripeInterval(upgrade.terms);
  if (!interval) return null;
  const live = await liveSubscriptionsOfTeam(platform.db, upgrade.terms.teamId);
  const only = live.length === 1 ? live[0] : null;
  if (!only || only.currency !== currency.toUpperCase()) return null;
  const subscription = await client.subscriptions.retrieve(only.id);
  const item = subscription.items.data[0];
  const customerId = idOf(subscription.customer);
  const paymentMethodId = idOf(subscription.default_payment_method);
  if (
    !item ||
    !customerId ||
    !paymentMethodId ||
    subscription.status !== 'active' ||
    subscription.cancel_at_period_end ||
    subscription.pending_update
  )
    return null;
  const prorationDate = Math.floor(upgrade.pricedAt.getTime() / 1000);
  // Before the period began (a renewal since the order was priced): Stripe would refuse the date.
  if (prorationDate < item.current_period_start || prorationDate > item.current_period_end) return null;
  const preview = await client.invoices.createPreview({
    customer: customerId,
    subscription: subscription.id,
    subscription_details: {
      items: [
        {
          id: item.id,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: upgrade.price,
            product: idOf(item.price.product) ?? '',
            recurring: interval,
          },
        },
      ],
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      proration_date: prorationDate,
    },
  });
  // Stripe owing the customer (a credit over the new price) is left to our own rule: nothing to charge.
  if (preview.amount_due <= 0 || preview.amount_due > upgrade.price) return null;
  return {
    subscriptionId: subscription.id,
    itemId: item.id,
    customerId,
    paymentMethodId,
    prorationDate,
    amountDue: preview.amount_due,
  };
}

/** Stripe's credit for an upgrade, and the card its invoice is charged to at once. */
export interface StripeUpgradeCredit {
  credit: number;
  /** Stripe's brand code (`visa`) and last four digits, as the customer knows the card. */
  card: { brand: string; last4: string } | null;
}

/**
 * The unused part of the team's Stripe-renewed period as Stripe credits it for this upgrade (the
 * new price less Stripe's preview), or null to price it by our own rule. Stripe unreachable or
 * refusing is logged and priced by our rule: the order can still be paid, once, by Checkout.
 * With `card`, also the card the change is charged to, for the customer to be told before paying.
 */
export async function stripeUpgradeCredit(
  platform: Platform,
  upgrade: UpgradeTerms,
  currency: string,
  options: { card?: boolean; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<StripeUpgradeCredit | null> {
  const client = await stripeOf(platform);
  if (!client) return null;
  const { log } = options;
  try {
    const found = await quote(platform, client, upgrade, currency);
    if (!found) return null;
    const method = options.card ? await client.paymentMethods.retrieve(found.paymentMethodId) : null;
    return {
      credit: upgrade.price - found.amountDue,
      card: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    log?.warn({ err: error, team: upgrade.terms.teamId }, 'could not preview a Stripe upgrade');
    return null;
  }
}

/** What the payment page is told to do, and what Stripe already holds of the invoice. */
export interface StripeUpgradeInput {
  paymentId: string;
  billId: string;
  orderId: string;
  orderNum: string;
  amount: number;
  currency: string;
  productName: string;
  upgrade: UpgradeTerms;
  /** Our page the payer lands on when the card on file paid at once. */
  resultUrl: string;
}

/** A subscription-update invoice as a trade. */
export function updateInvoiceState(invoice: Stripe.Invoice): TradeState {
  if (invoice.status === 'paid')
    return { state: 'paid', amount: invoice.amount_paid, currency: invoice.currency.toUpperCase() };
  const closed = invoice.status === 'void' || invoice.status === 'uncollectible';
  return { state: closed ? 'closed' : 'open', amount: null, currency: null };
}

/**
 * Changes the team's subscription to the upgrade, charged to its card on file: paid at once, the
 * payer goes to our result page with the trade settled; declined or asking for 3-D Secure, to
 * Stripe's hosted invoice page, where another card or the check pays it and the change applies.
 * Null when Stripe would not ask exactly the bill (the caller pays it by Checkout instead).
 */
export async function initiateStripeUpgrade(
  platform: Platform,
  client: Stripe,
  input: StripeUpgradeInput,
): Promise<(Initiated & { settled: TradeState | null }) | null> {
  const found = await quote(platform, client, input.upgrade, input.currency);
  if (!found || found.amountDue !== input.amount) return null;
  const interval = stripeInterval(input.upgrade.terms);
  if (!interval) return null;
  // Pending updates take a price's id only, not inline price data.
  const price = await client.prices.create(
    {
      currency: input.currency.toLowerCase(),
      unit_amount: input.upgrade.price,
      recurring: interval,
      product_data: { name: input.productName },
      metadata: { plan_id: input.upgrade.terms.planId, order_id: input.orderId },
    },
    { idempotencyKey: `upgrade-price:${input.paymentId}` },
  );
  const updated = await client.subscriptions.update(
    found.subscriptionId,
    {
      items: [{ id: found.itemId, price: price.id }],
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      proration_date: found.prorationDate,
      payment_behavior: 'pending_if_incomplete',
      // Applied with the change, once paid: renewals then renew the new plan's order.
      metadata: subscriptionMetadata({
        terms: input.upgrade.terms as RecurringTerms,
        orderId: input.orderId,
        orderNum: input.orderNum,
      }),
      expand: ['latest_invoice'],
    },
    { idempotencyKey: `upgrade:${input.paymentId}` },
  );
  const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
  if (invoice?.billing_reason !== 'subscription_update') {
    throw new Error(`Stripe made no invoice for upgrading ${found.subscriptionId}`);
  }
  const state = updateInvoiceState(invoice);
  if (state.state === 'paid') {
    return { providerRef: invoice.id, next: { kind: 'redirect', url: input.resultUrl }, settled: state };
  }
  if (!invoice.hosted_invoice_url) throw new Error(`Stripe gave no page to pay invoice ${invoice.id}`);
  return {
    providerRef: invoice.id,
    next: { kind: 'redirect', url: invoice.hosted_invoice_url },
    settled: null,
  };
}
