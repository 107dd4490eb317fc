import { createHash, randomBytes } from 'node:crypto';
import type {
  Initiated,
  InitiateInput,
  PaymentAction,
  PaymentProvider,
  ProviderNotification,
  RawNotification,
} from '../provider';
import { InvalidNotification, notifiedAmount } from '../provider';
import { SIGNATURE_HEADER, signSession, verifyNotification } from './sandbox-keys';

/** What the sandbox provider sends: a small Stripe-like event. */
export interface SandboxEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.canceled';
  created: number;
  data: { reference: string; amount: number; currency: string };
}

const ACTIONS: Record<string, PaymentAction> = {
  'payment.succeeded': 'captured',
  'payment.failed': 'failed',
  'payment.canceled': 'canceled',
};

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

/**
 * The embedded default provider (ARCHITECTURE section 2): a hosted payment page served by this
 * app in test mode, which reports the outcome with a signed notification exactly as a vendor
 * would. No money moves.
 */
export function sandboxProvider(appSecret: string): PaymentProvider {
  return {
    method: 'sandbox',
    name: 'Sandbox (test mode)',
    testMode: true,
    flow: 'redirect',
    availableIn: () => true,
    async initiate(input: InitiateInput): Promise<Initiated> {
      const ref = `sbx_${randomBytes(12).toString('hex')}`;
      const session = signSession(appSecret, {
        ref,
        orderId: input.orderId,
        billId: input.billId,
        orderNum: input.orderNum,
        planName: input.planName,
        amount: input.amount,
        currency: input.currency,
        expiresAt: input.expiresAt,
      });
      return {
        providerRef: ref,
        next: { kind: 'redirect', url: `${SANDBOX_CHECKOUT_PATH}?session=${session}` },
      };
    },
    async parseNotification(notification: RawNotification): Promise<ProviderNotification> {
      const header = notification.headers[SIGNATURE_HEADER];
      const problem = verifyNotification(
        appSecret,
        notification.rawBody,
        typeof header === 'string' ? header : '',
      );
      if (problem) throw new InvalidNotification(problem);
      const event = notification.body as Partial<SandboxEvent>;
      const data = event.data;
      if (typeof event.id !== 'string' || !data || typeof data.reference !== 'string') {
        throw new InvalidNotification('not a sandbox event');
      }
      return {
        eventId: event.id,
        action: ACTIONS[event.type ?? ''] ?? 'not_supported',
        providerRef: data.reference,
        amount: notifiedAmount(data.amount),
        currency: typeof data.currency === 'string' ? data.currency : null,
        payload: event,
      };
    },
    async refund({ idempotencyKey }) {
      // The same refund asked twice answers the same reference, as a vendor's idempotency key does.
      // The sandbox moves no money: a refund is done the moment it is asked.
      return {
        state: 'succeeded',
        refundRef: `sbx_rf_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`,
      };
    },
  };
}
