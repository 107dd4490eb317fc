import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import { tellAdmins } from '../../messages/tell-admins';
import { stopRenewalsReplacedBy } from './stripe-subscriptions';

/**
 * After a plan change is paid (by any provider), what Stripe renews for the team's old plan stops
 * (`stopRenewalsReplacedBy`). Stripe out of reach does not undo the payment: the operators are
 * told, since the old plan would otherwise be charged again at its period's end.
 */
export async function stopReplacedRenewals(
  platform: Platform,
  paid: { provider: string; providerRef: string; orderId?: string | null },
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  if (!values) return;
  try {
    await stopRenewalsReplacedBy(platform, stripeClient(values), paid);
  } catch (error) {
    log?.warn({ err: error, payment: paid.providerRef }, 'could not stop a replaced Stripe subscription');
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
