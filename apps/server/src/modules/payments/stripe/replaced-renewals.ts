import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import { tellAdmins } from '../../messages/tell-admins';
import { scheduleDowngrade } from './stripe-downgrade';
import { endSubscription, subscriptionOfReference, syncStripeSubscription } from './stripe-subscriptions';
import { liveSubscriptionsOfTeam, orderOfPayment, planChangeOrderById } from './stripe-subscriptions.repo';

/** What replaced the old plan: a payment of a plan change, or its order paid with nothing to pay. */
export type Replacement = { provider: string; providerRef: string } | { orderId: string };

/**
 * After a plan change is paid (by any provider, or by its credit alone), what Stripe renews for
 * the team's old plan stops (`stopRenewalsReplacedBy`). Stripe out of reach does not undo the
 * payment: the operators are told, since the old plan would otherwise be charged again at its
 * period's end.
 */
export async function stopReplacedRenewals(
  platform: Platform,
  paid: Replacement,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  if (!values) return;
  try {
    await stopRenewalsReplacedBy(platform, stripeClient(values), paid);
  } catch (error) {
    log?.warn({ err: error, replacement: paid }, 'could not stop a replaced Stripe subscription');
    await tellAdmins(platform, {
      permission: 'admin.subscriptions.edit',
      level: 'important',
      title: { msgid: 'A replaced plan still renews' },
      body: {
        msgid:
          'A plan change was paid, but Stripe could not be asked to stop renewing the old plan. Cancel it on the Stripe subscriptions page.',
      },
      link: '/admin/stripe/subscription',
      template: 'payments.replaced',
    });
  }
}

/**
 * A plan change paid for (with any provider) replaces what Stripe renews: an upgrade starts now, so
 * the old plan's subscription ends at once (its unused part was credited in the upgrade's price),
 * unless the upgrade was that subscription's own change (then it is only read back);
 * a downgrade starts at the period's end, so the subscription's schedule changes it then to the
 * new plan (stripe-downgrade.ts), or, where Stripe cannot renew the new plan, it ends then and the
 * new plan is paid period by period. An upgrade its credit pays whole (nothing charged, so no
 * invoice changes the subscription) ends it too: its unused part is what paid for the new plan.
 * Answers the subscriptions changed.
 */
async function stopRenewalsReplacedBy(
  platform: Platform,
  client: Stripe,
  paid: Replacement,
): Promise<string[]> {
  const order =
    'orderId' in paid
      ? await planChangeOrderById(platform.db, paid.orderId)
      : await orderOfPayment(platform.db, paid.provider, paid.providerRef);
  if (!order || (order.kind !== 'upgrade' && order.kind !== 'downgrade')) return [];
  // An upgrade paid by changing a subscription (its invoice) keeps that one: it renews the new plan.
  const kept =
    'providerRef' in paid && paid.provider === 'stripe' && paid.providerRef.startsWith('in_')
      ? await subscriptionOfReference(client, paid.providerRef)
      : null;
  const changed: string[] = [];
  for (const live of await liveSubscriptionsOfTeam(platform.db, order.teamId)) {
    if (live.id === kept) {
      await platform.db.transaction((tx) => syncStripeSubscription(tx, client, live.id));
      continue;
    }
    if (order.kind === 'upgrade') await endSubscription(client, live.id);
    else if (!(await scheduleDowngrade(client, live.id, order))) {
      if (live.cancelAtPeriodEnd) continue;
      await client.subscriptions.update(
        live.id,
        { cancel_at_period_end: true },
        { idempotencyKey: `replaced:${live.id}:${order.orderId}` },
      );
    }
    await platform.db.transaction((tx) => syncStripeSubscription(tx, client, live.id));
    changed.push(live.id);
  }
  return changed;
}
