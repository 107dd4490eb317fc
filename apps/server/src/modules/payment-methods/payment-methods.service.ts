import type { SavedPaymentMethod } from '@app/contract/billing/payment-methods';
import Stripe from 'stripe';
import { AppError, validationError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { readForeignKey } from '../foreign-keys/foreign-keys.service';
import { configuredStripe, type StripeValues, stripeClient } from '../foreign-keys/stripe-api';
import { findPaymentCustomer, liveSubscriptionsOfTeam } from '../payments/payments.service';
import { teamStripeCustomer } from '../payments/stripe/stripe-customer';
import { STRIPE_LOCALES } from '../payments/stripe/stripe-provider';
import { assertTeamCan, teamCan, toTeamRole } from '../teams/team-policy';

/*
 * The team's saved cards (`/account/wallet/payment-method`, issue 27 item 8). Stripe keeps them:
 * a card is added on Stripe's hosted Checkout in `setup` mode, for the team's Stripe customer,
 * and every list is read from Stripe, so what the page shows is what Stripe would charge. The
 * app keeps only which customer is the team's (payment_customers). A card id from the browser
 * is honoured only when Stripe says it is that customer's: another team's card is NOT_FOUND.
 */

const PROVIDER = 'stripe';

/** How Stripe's brands read on a card line (its own `display_brand` is a code too). */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
  link: 'Link',
};

export const brandName = (brand: string) =>
  BRANDS[brand] ?? brand.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

/** A card as the page shows it; `defaultId` is the customer's default card. */
export function toSavedMethod(
  method: Stripe.PaymentMethod,
  defaultId: string | null,
  now = new Date(),
  renewals: ReadonlyMap<string, Date> = new Map(),
): SavedPaymentMethod {
  const card = method.card;
  const brand = card?.brand ?? method.type;
  const last4 = card?.last4 ?? '';
  const month = card ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : null;
  // A card works through the last day of its expiry month.
  const expired = card
    ? card.exp_year * 12 + card.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
    : false;
  return {
    id: method.id,
    method: PROVIDER,
    brand,
    last4,
    label: last4 ? `${brandName(brand)} •••• ${last4}` : brandName(brand),
    expire_month: month,
    expired,
    is_default: method.id === defaultId,
    renewal_time: toSecondsOrNull(renewals.get(method.id) ?? null),
    creation_time: method.created,
  };
}

const defaultOf = (customer: Stripe.Customer | Stripe.DeletedCustomer): string | null => {
  if (customer.deleted) return null;
  const chosen = customer.invoice_settings.default_payment_method;
  return typeof chosen === 'string' ? chosen : (chosen?.id ?? null);
};

/** Stripe out of reach while a customer waits: said as such, never a stack trace. */
async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
    }
    throw error;
  }
}

/** Why no card can be saved here, in the customer's terms; null when one can. */
async function cardsOffered(
  platform: Platform,
  ctx: SignedInContext,
): Promise<{ values: StripeValues; reason: null } | { values: null; reason: string }> {
  if (platform.config.REGION === 'cn') {
    return {
      values: null,
      reason: ctx.t(
        'Cards are not kept here: each order is paid with WeChat Pay or Alipay when you place it.',
      ),
    };
  }
  const values = configuredStripe(await readForeignKey(platform, PROVIDER));
  if (!values) {
    return {
      values: null,
      reason: ctx.t('Saving a card is not available yet: you pay each order when you place it.'),
    };
  }
  return { values, reason: null };
}

/** Stripe set up and the caller allowed to change the team's cards, or a clear refusal. */
async function manageable(platform: Platform, ctx: SignedInContext): Promise<Stripe> {
  assertTeamCan(toTeamRole(ctx.team.role), 'payment_methods.manage');
  const offered = await cardsOffered(platform, ctx);
  if (!offered.values) throw new AppError('CONFLICT', { msg: offered.reason });
  return stripeClient(offered.values);
}

/** The card, if it is this customer's; else NOT_FOUND (whoever's it is). */
async function cardOf(client: Stripe, customerRef: string | null, id: string): Promise<Stripe.PaymentMethod> {
  const notFound = () => new AppError('NOT_FOUND', { msg: 'No such card' });
  if (!customerRef) throw notFound();
  try {
    const method = await client.paymentMethods.retrieve(id);
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner !== customerRef) throw notFound();
    return method;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw notFound();
    }
    throw error;
  }
}

async function cardsOfCustomer(client: Stripe, customerRef: string) {
  const [customer, cards] = await Promise.all([
    client.customers.retrieve(customerRef),
    client.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 }),
  ]);
  return { defaultId: defaultOf(customer), cards: cards.data };
}

export async function listSavedMethods(platform: Platform, ctx: SignedInContext) {
  const canManage = teamCan(toTeamRole(ctx.team.role), 'payment_methods.manage');
  const offered = await cardsOffered(platform, ctx);
  if (!offered.values) return { items: [], reason: offered.reason, can_add: false, can_manage: canManage };
  const customerRef = await findPaymentCustomer(platform.db, ctx.team.id, PROVIDER);
  if (!customerRef) return { items: [], reason: null, can_add: canManage, can_manage: canManage };
  const client = stripeClient(offered.values);
  const { defaultId, cards } = await askStripe(() => cardsOfCustomer(client, customerRef));
  const renewals = await renewalsByCard(platform, ctx.team.id, defaultId);
  return {
    items: cards.map((card) => toSavedMethod(card, defaultId, new Date(), renewals)),
    reason: null,
    can_add: canManage,
    can_manage: canManage,
  };
}

/**
 * Which card pays which of the team's coming Stripe renewals (as the mirror last read them): the
 * subscription's own card, else the customer's default, which Stripe charges then. A subscription
 * set to end at its period's end charges nothing more.
 */
async function renewalsByCard(platform: Platform, teamId: string, defaultId: string | null) {
  const renewals = new Map<string, Date>();
  for (const live of await liveSubscriptionsOfTeam(platform.db, teamId)) {
    const card = live.defaultPaymentMethod ?? defaultId;
    if (!card || live.cancelAtPeriodEnd) continue;
    const known = renewals.get(card);
    if (!known || live.currentPeriodEnd < known) renewals.set(card, live.currentPeriodEnd);
  }
  return renewals;
}

/** The team's Stripe customer, made on first use (the one its Stripe subscriptions use too). */
const customerFor = (platform: Platform, ctx: SignedInContext, client: Stripe) =>
  teamStripeCustomer(platform, client, { id: ctx.team.id, name: ctx.team.name, email: ctx.user.email });

export async function startSaving(platform: Platform, ctx: SignedInContext) {
  const client = await manageable(platform, ctx);
  return askStripe(async () => {
    const customer = await customerFor(platform, ctx, client);
    const page = `${platform.config.publicUrl.replace(/\/+$/, '')}/account/wallet/payment-method`;
    const locale = STRIPE_LOCALES[ctx.locale];
    const session = await client.checkout.sessions.create({
      mode: 'setup',
      customer,
      // Cards only: Stripe's other methods (bank debits, wallets) are not kept for renewals here.
      allowed_payment_method_types: ['card'],
      success_url: `${page}?saved_session={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
      metadata: { team_id: ctx.team.id, user_id: ctx.user.id },
      ...(locale ? { locale } : {}),
    });
    if (!session.url)
      throw new AppError('SERVER_ERROR', { msg: 'The payment provider gave no page to pay on' });
    await recordOperation(
      platform.db,
      ctx,
      { action: 'payment_method.add_started', targetType: 'team', targetId: ctx.team.id },
      { after: { session: session.id } },
    );
    return { url: session.url, expire_time: session.expires_at };
  });
}

/**
 * Back from the hosted page: what Stripe holds decides (the session complete, in `setup` mode,
 * for this team's customer); the team's first card becomes its default, so a renewal has a card.
 */
export async function confirmSaved(platform: Platform, ctx: SignedInContext, sessionId: string) {
  const client = await manageable(platform, ctx);
  const customerRef = await findPaymentCustomer(platform.db, ctx.team.id, PROVIDER);
  const notSaved = () => validationError({ session_id: 'No card was saved on this page' });
  return askStripe(async () => {
    let session: Stripe.Checkout.Session;
    try {
      session = await client.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notSaved();
      throw error;
    }
    const owner = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (!customerRef || owner !== customerRef || session.mode !== 'setup') throw notSaved();
    const intent =
      typeof session.setup_intent === 'string'
        ? await client.setupIntents.retrieve(session.setup_intent)
        : session.setup_intent;
    const methodId =
      typeof intent?.payment_method === 'string' ? intent.payment_method : intent?.payment_method?.id;
    if (session.status !== 'complete' || intent?.status !== 'succeeded' || !methodId) throw notSaved();
    const card = await cardOf(client, customerRef, methodId);
    let { defaultId } = await cardsOfCustomer(client, customerRef);
    if (!defaultId) {
      await client.customers.update(customerRef, { invoice_settings: { default_payment_method: card.id } });
      defaultId = card.id;
    }
    return { item: toSavedMethod(card, defaultId) };
  });
}

export async function setDefault(platform: Platform, ctx: SignedInContext, id: string) {
  const client = await manageable(platform, ctx);
  const customerRef = await findPaymentCustomer(platform.db, ctx.team.id, PROVIDER);
  return askStripe(async () => {
    const card = await cardOf(client, customerRef, id);
    if (card.card && toSavedMethod(card, null).expired) {
      throw validationError({ id: 'This card has expired: add a card that can pay' });
    }
    await client.customers.update(customerRef as string, {
      invoice_settings: { default_payment_method: card.id },
    });
    await recordOperation(
      platform.db,
      ctx,
      { action: 'payment_method.default', targetType: 'payment_method', targetId: card.id },
      { after: { customer: customerRef } },
    );
    return { item: toSavedMethod(card, card.id) };
  });
}

/**
 * Removes a card from the team. When it was the default and other cards that can pay remain,
 * the newest of them becomes the default, so the team is never left with cards and no default.
 */
export async function removeCard(platform: Platform, ctx: SignedInContext, id: string) {
  const client = await manageable(platform, ctx);
  const customerRef = await findPaymentCustomer(platform.db, ctx.team.id, PROVIDER);
  return askStripe(async () => {
    const card = await cardOf(client, customerRef, id);
    const before = await cardsOfCustomer(client, customerRef as string);
    await client.paymentMethods.detach(card.id);
    if (before.defaultId === card.id) {
      const next = before.cards.find((other) => other.id !== card.id && !toSavedMethod(other, null).expired);
      if (next) {
        await client.customers.update(customerRef as string, {
          invoice_settings: { default_payment_method: next.id },
        });
      }
    }
    await recordOperation(
      platform.db,
      ctx,
      { action: 'payment_method.remove', targetType: 'payment_method', targetId: card.id },
      { after: { customer: customerRef, was_default: before.defaultId === card.id } },
    );
    return { removed: true as const };
  });
}
