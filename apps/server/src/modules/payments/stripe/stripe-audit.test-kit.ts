import { clearForeignKey, saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import type { TestApp } from '../../../test/test-app';
import { stripeClient } from '../../foreign-keys/stripe-api';
import { standInKeys } from './stripe-app.test-kit';

/** What the audit-trail walk (`security/audit-trail.test.ts`) hands each entry. */
export interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}

type Answer = { status: number; text: string };

/** Prepares what the call needs, then answers the call under test (run after the records are counted). */
export type ValidCall = (h: Harness) => Promise<() => Promise<Answer>>;

export interface AuditStripe {
  stripe: StripeStandIn;
  /** A client of the stand-in, with the keys the app has. */
  client: Stripe;
  /** The entry's call, then the keys cleared and the stand-in closed, so later entries see no Stripe. */
  thenDisconnect(call: () => Promise<Answer>): () => Promise<Answer>;
}

/**
 * A Stripe stand-in with its keys saved by the admin, for one entry of the walk. It has no webhook
 * URL: what an entry needs in a mirror, the entry syncs itself.
 */
export async function auditStripe(h: Harness): Promise<AuditStripe> {
  const stripe = await startStripeStandIn();
  const values = standInKeys(stripe);
  (
    await callEndpoint(h.app, saveForeignKey, { as: h.admin, params: { kind: 'stripe' }, body: { values } })
  ).ok();
  return {
    stripe,
    client: stripeClient(values),
    thenDisconnect: (call) => async () => {
      try {
        return await call();
      } finally {
        await callEndpoint(h.app, clearForeignKey, { as: h.admin, params: { kind: 'stripe' } });
        await stripe.close();
      }
    },
  };
}
