import Stripe from 'stripe';

/**
 * Where and how Stripe is reached with the vault's `stripe` values: one client per set of values,
 * for payments (Checkout, webhooks, refunds) and for this module's 'test connection'.
 */

/**
 * The API version every call names, pinned here rather than left to the account's default: the
 * objects we read (Checkout Sessions, events) are shaped by it, and `stripe@23.1.0`'s types
 * describe exactly this version. Set the webhook endpoint in Stripe's dashboard to the same
 * version, so the events it sends are shaped alike. Upgrading the package moves this constant
 * (tsc refuses any other literal) and the stand-in's typed objects with it.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies typeof Stripe.API_VERSION;

export const STRIPE_API_BASE = 'https://api.stripe.com';

/** The vault's values of the `stripe` kind. */
export interface StripeValues {
  secret_key?: string;
  webhook_secret?: string;
  webhook_secret_previous?: string;
  base_url?: string;
}

/** The vault's values when Stripe is set up to take payments (a secret key and a webhook secret), else null. */
export function configuredStripe(values: Record<string, string> | null): StripeValues | null {
  return values?.secret_key && values.webhook_secret ? values : null;
}

/**
 * The host the client talks to: the public API unless `base_url` names another (a proxy, or the
 * repository's stand-in). The library adds `/v1/...` itself, so a base pasted with `/v1` is read
 * the same; any other path is not supported by the library and refused.
 */
export function stripeHost(values: StripeValues): { protocol: 'http' | 'https'; host: string; port: number } {
  const given = (values.base_url ?? '').trim().replace(/\/+$/, '').replace(/\/v1$/, '') || STRIPE_API_BASE;
  const url = new URL(given);
  if (url.pathname !== '/' && url.pathname !== '') throw new Error('The Stripe base URL takes no path');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** A client for these values, pinned to STRIPE_API_VERSION. */
export function stripeClient(values: StripeValues): Stripe {
  return new Stripe(values.secret_key ?? '', {
    apiVersion: STRIPE_API_VERSION,
    ...stripeHost(values),
    // A lost answer to a POST is retried with the same idempotency key (ours, or the library's).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'marketing-ai-workspace' },
  });
}

/** Stripe's key prefixes: `sk_test_`/`rk_test_` keys move no money. */
export function isStripeTestKey(secretKey: string): boolean {
  return /^(sk|rk)_test_/.test(secretKey);
}
