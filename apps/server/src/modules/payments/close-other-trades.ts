import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';
import { insertNotification, markPaymentCanceled, openPaymentsBesideRef } from './payments.repo';
import type { PaymentProvider, PaymentProviders, ProviderNotification } from './provider';

/** How long one provider's close may hold up the notice that paid the bill. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * One bill, one payment: once a payment captures, the bill's other trades still open at their
 * providers (the payer opened WeChat Pay's code, then paid with Alipay) are closed, so they can no
 * longer be paid; their payments read `canceled`, and the notifications log says so. Best effort:
 * a provider out of reach is logged and left, and a trade paid all the same is given back when its
 * notice comes (a second capture, `returnCapture`).
 */
export async function closeOtherTrades(
  platform: Platform,
  providers: PaymentProviders,
  provider: PaymentProvider,
  notification: ProviderNotification,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const open = await openPaymentsBesideRef(platform.db, provider.method, notification.providerRef);
  await Promise.all(
    open.map(async ({ paidId, other }) => {
      const closer = providers.get(other.provider);
      if (!closer?.close) return;
      const record = (outcome: 'recorded' | 'ignored', detail: string) =>
        insertNotification(platform.db, {
          provider: other.provider,
          eventId: `close:${other.id}`,
          providerRef: other.providerRef,
          paymentId: other.id,
          orderId: other.orderId,
          action: 'canceled',
          outcome,
          detail,
          payload: { paid_by: { provider: provider.method, payment_id: paidId } },
        });
      try {
        const state = await Promise.race([
          closer.close(other.providerRef),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no answer in time')), CLOSE_TIMEOUT_MS).unref(),
          ),
        ]);
        if (state.state === 'paid') {
          await record('ignored', `paid at ${other.provider} too: given back when its notice comes`);
        } else if (await markPaymentCanceled(platform.db, other.id)) {
          await record('recorded', `closed: the bill was paid by ${provider.method}`);
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log?.warn(
          { provider: other.provider, payment: other.id, err: error },
          'could not close an open trade',
        );
        await record('ignored', `could not be closed: ${reason}`.slice(0, 500));
      }
    }),
  );
}
