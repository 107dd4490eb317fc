import type Stripe from 'stripe';
import type { Platform } from '../../../platform/platform';
import { findPaymentCustomer, keepPaymentCustomer } from '../payment-customers.repo';

/**
 * The team's Stripe customer, made on first use (idempotent by team, so a double click makes one):
 * the one customer a team's saved cards and its Stripe subscriptions belong to, so the card a
 * subscription's Checkout keeps is the one `/account/wallet/payment-method` shows.
 */
export async function teamStripeCustomer(
  platform: Platform,
  client: Stripe,
  team: { id: string; name: string; email: string | null },
): Promise<string> {
  const known = await findPaymentCustomer(platform.db, team.id, 'stripe');
  if (known) return known;
  const made = await client.customers.create(
    { name: team.name, ...(team.email ? { email: team.email } : {}), metadata: { team_id: team.id } },
    { idempotencyKey: `customer:${team.id}` },
  );
  return keepPaymentCustomer(platform.db, { teamId: team.id, provider: 'stripe', customerRef: made.id });
}
