import Stripe from 'stripe';
import { InvalidNotification } from '../provider';

/** The header Stripe signs every webhook with: `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=…]`. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * How far a webhook's signed time may be from ours, either way. Stripe's libraries use 300 s for
 * the past; `stripe@23.1.0` does not bound the future at all (`timestampAge > tolerance` only: a
 * `t` an hour ahead passes), so a body signed with a clock set forward could be replayed for as
 * long as that lead. stripe-php#657 and stripe-dotnet#1183 made theirs two-sided; so is ours.
 */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook's `Stripe-Signature` over the body's bytes as received, against the
 * endpoint's secret or, while Stripe rolls it, the previous one (during a roll Stripe signs with
 * both and sends two `v1`), and reads the event. The library checks the HMAC and the past bound;
 * the future bound is checked here first. Throws `InvalidNotification` with the reason.
 */
export function verifyStripeWebhook(
  rawBytes: Buffer,
  header: string | string[] | undefined,
  secrets: readonly string[],
  nowMs = Date.now(),
): Stripe.Event {
  if (typeof header !== 'string' || header === '') throw new InvalidNotification('missing Stripe-Signature');
  const stamps = header.split(',').filter((part) => part.startsWith('t='));
  // The library keeps the last `t`; a header naming two is not one Stripe sends, and is refused.
  if (stamps.length !== 1) throw new InvalidNotification('the signature names no single timestamp');
  const t = Number((stamps[0] ?? '').slice(2));
  if (!Number.isSafeInteger(t)) throw new InvalidNotification('the signature names no single timestamp');
  const lead = t - Math.floor(nowMs / 1000);
  if (lead > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
    throw new InvalidNotification(`signature timestamp ${lead} s ahead of this server's clock`);
  }
  const usable = secrets.filter((secret) => secret.length > 0);
  if (usable.length === 0) throw new InvalidNotification('no webhook signing secret is set');
  let reason = 'signature does not match';
  for (const secret of usable) {
    try {
      return Stripe.webhooks.constructEvent(
        rawBytes,
        header,
        secret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        nowMs,
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
        // A body that verifies but is not JSON.
        throw new InvalidNotification('the signed body is not an event');
      }
      if (/tolerance/i.test(error.message)) reason = `signature timestamp ${-lead} s old`;
    }
  }
  throw new InvalidNotification(reason);
}
