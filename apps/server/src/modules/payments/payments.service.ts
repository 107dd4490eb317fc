import type { PaymentMethod } from '@app/contract/billing/payments';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, validationError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { alipayProvider } from './alipay/alipay-provider';
import { billsToPay } from './bills-to-pay';
import { closeOtherTrades } from './close-other-trades';
import { applyNotification, type NotificationOutcome } from './notification-handler';
import {
  billIdOfTeamOrder,
  findPaymentByRef,
  insertNotification,
  insertPayment,
  markPaymentReturned,
} from './payments.repo';
import {
  InvalidNotification,
  type NoticeReply,
  type PaymentProvider,
  PaymentProviders,
  type ProviderNotification,
  type RawNotification,
} from './provider';
import { refundNotices } from './refund-notices';
import { sandboxProvider } from './sandbox/sandbox-provider';
import { stopReplacedRenewals } from './stripe/replaced-renewals';
import { stripeProvider } from './stripe/stripe-provider';
import { wechatpayProvider } from './wechatpay/wechatpay-provider';

// What other modules may use of this module's queries (they never import its repositories).
export { findPaymentCustomer } from './payment-customers.repo';
export {
  capturedPaymentOfBill,
  findPaymentById,
  notificationsOfOrder,
  paymentsOfOrder,
  updatePayment,
} from './payments.repo';
export { liveSubscriptionsOfTeam, renewingSubscriptionOfTeam } from './stripe/stripe-subscriptions.repo';

const registries = new WeakMap<Platform, PaymentProviders>();

/**
 * The providers this server runs. The sandbox is always there (the embedded default, for tests
 * and the demo); a vendor is offered once its keys are set in "foreign keys" (`configured`).
 */
export function paymentProviders(platform: Platform): PaymentProviders {
  let providers = registries.get(platform);
  if (!providers) {
    providers = new PaymentProviders();
    providers.add(sandboxProvider(platform.secret));
    providers.add(stripeProvider(platform));
    providers.add(wechatpayProvider(platform));
    providers.add(alipayProvider(platform));
    registries.set(platform, providers);
  }
  return providers;
}

/** A vendor offered here and now: right location, keys set. Null if not; else its test mode. */
async function vendorOffered(
  provider: PaymentProvider,
  location: 'cn' | 'global',
): Promise<{ testMode: boolean } | null> {
  if (!provider.availableIn(location)) return null;
  return provider.configured ? provider.configured() : { testMode: provider.testMode };
}

/**
 * A provider offered here and now. The sandbox takes payments without money, so it must never sit
 * beside a real provider (a customer would pick it and get the plan for nothing):
 * `PAYMENTS_SANDBOX=auto` (the default) offers it only while no vendor of this location is set up
 * (a fresh install, the demo), `on` always (tests, a demo beside a test-mode vendor), `off` never.
 */
async function offered(
  platform: Platform,
  provider: PaymentProvider | undefined,
  location: 'cn' | 'global',
): Promise<{ testMode: boolean } | null> {
  if (!provider) return null;
  if (provider.method !== 'sandbox') return vendorOffered(provider, location);
  const setting = platform.config.PAYMENTS_SANDBOX;
  if (setting === 'off') return null;
  if (setting === 'auto') {
    const vendors = paymentProviders(platform)
      .all()
      .filter((other) => other.method !== 'sandbox');
    const set = await Promise.all(vendors.map((vendor) => vendorOffered(vendor, location)));
    if (set.some((offer) => offer !== null)) return null;
  }
  return vendorOffered(provider, location);
}

/** Whether a provider's notices may still pay: the sandbox's only while it is offered. */
export async function takesNotices(platform: Platform, provider: PaymentProvider): Promise<boolean> {
  return provider.method !== 'sandbox' || (await offered(platform, provider, locationOf(platform))) !== null;
}

const locationOf = (platform: Platform): 'cn' | 'global' =>
  platform.config.REGION === 'cn' ? 'cn' : 'global';

type AppType = 'pc_web' | 'wx_web' | 'mb_web';

/**
 * Spec section 2, location `cn`: the payment dialog offers WeChat Pay alone inside WeChat (its
 * browser does not open Alipay), Alipay alone in a phone's other browsers (a phone cannot scan
 * its own screen), both on a desktop. The providers of other locations are not by device.
 */
const OFFERED_BY_DEVICE: Partial<Record<PaymentMethod, readonly AppType[]>> = {
  wechatpay: ['pc_web', 'wx_web'],
  alipay: ['pc_web', 'mb_web'],
};

export async function listProviders(platform: Platform, ctx: SignedInContext, appType?: AppType) {
  const location = locationOf(platform);
  const providers = paymentProviders(platform)
    .all()
    .filter((provider) => !appType || (OFFERED_BY_DEVICE[provider.method] ?? [appType]).includes(appType));
  const offers = await Promise.all(providers.map((provider) => offered(platform, provider, location)));
  return {
    location,
    items: providers.flatMap((provider, i) => {
      const offer = offers[i];
      return offer
        ? [
            {
              method: provider.method,
              name: ctx.t(provider.name),
              test_mode: offer.testMode,
              flow: provider.flow,
            },
          ]
        : [];
    }),
  };
}

const BILL_STATE: Record<string, string> = {
  paid: 'This bill is already paid',
  expired: 'This bill has expired: confirm the plan again',
  canceled: 'This bill was canceled: confirm the plan again',
  refunded: 'This bill was refunded',
};

/**
 * Starts paying a bill with one provider: the provider is asked for its page (or code, or form)
 * and the payment recorded as pending under the provider's reference. Only an unpaid bill that
 * has not expired can be paid. The one path of every way to start a payment (by bill, or by order
 * as spec section 7's create calls do).
 */
export async function createPayment(
  platform: Platform,
  ctx: SignedInContext,
  input: { bill_id: string; method: PaymentMethod; app_type: AppType; qrcode_width?: number },
) {
  return (await startPayment(platform, ctx, input)).answer;
}

/** Spec section 7: the order's bill (the team's own; another team's order is NOT_FOUND), paid the same way. */
export async function payOrder(
  platform: Platform,
  ctx: SignedInContext,
  input: { order_id: string; method: 'wechatpay' | 'alipay'; app_type: AppType; qrcode_width?: number },
) {
  const billId = await billIdOfTeamOrder(platform.db, ctx.team.id, input.order_id);
  if (!billId) throw new AppError('NOT_FOUND', { msg: 'Order not found' });
  return startPayment(platform, ctx, { ...input, bill_id: billId });
}

/** `GET /api/account/wallet/wechatpay/create`: the started payment in the spec's fields. */
export async function createWechatpayPayment(
  platform: Platform,
  ctx: SignedInContext,
  query: { order_id: string; app_type: AppType },
) {
  const { answer } = await payOrder(platform, ctx, { ...query, method: 'wechatpay' });
  const next = answer.next;
  return {
    payment_id: answer.payment_id,
    test_mode: answer.test_mode,
    expire_time: answer.expire_time,
    qrcode_url: next.kind === 'qrcode' ? next.qrcode_url : null,
    h5_url: next.kind === 'redirect' ? next.url : next.kind === 'qrcode' ? next.h5_url : null,
    bridge: next.kind === 'wechat_jsapi' ? next.bridge : null,
  };
}

/** `GET /api/account/wallet/alipay/create`: the started payment in the spec's fields. */
export async function createAlipayPayment(
  platform: Platform,
  ctx: SignedInContext,
  query: { order_id: string; app_type: AppType; qrcode_width: number },
) {
  const { answer, embeddedQrcodeUrl } = await payOrder(platform, ctx, { ...query, method: 'alipay' });
  if (answer.next.kind !== 'form') throw new Error('Alipay answers a form to submit');
  return {
    payment_id: answer.payment_id,
    test_mode: answer.test_mode,
    expire_time: answer.expire_time,
    alipay_qrcode: embeddedQrcodeUrl,
    alipay_form: answer.next.form_html,
  };
}

async function startPayment(
  platform: Platform,
  ctx: SignedInContext,
  input: { bill_id: string; method: PaymentMethod; app_type: AppType; qrcode_width?: number },
) {
  const provider = paymentProviders(platform).get(input.method);
  const offer = await offered(platform, provider, locationOf(platform));
  if (!provider || !offer) throw validationError({ method: 'This payment method is not available' });
  const bill = await billsToPay(platform).teamBill(platform.db, {
    teamId: ctx.team.id,
    billId: input.bill_id,
  });
  if (bill.status !== 'unpaid')
    throw new AppError('CONFLICT', { msg: BILL_STATE[bill.status] ?? 'This bill cannot be paid' });
  const paymentId = crypto.randomUUID();
  const initiated = await provider.initiate({
    paymentId,
    billId: bill.id,
    orderId: bill.orderId,
    orderNum: bill.orderNum,
    planName: bill.planName,
    amount: bill.amount,
    currency: bill.currency,
    expiresAt: toSeconds(bill.expiresAt),
    appType: input.app_type,
    qrcodeWidth: input.qrcode_width,
    recurring: bill.recurring,
    upgrade: bill.upgrade,
    ctx,
  });
  await insertPayment(platform.db, {
    id: paymentId,
    billId: bill.id,
    orderId: bill.orderId,
    teamId: ctx.team.id,
    provider: provider.method,
    providerRef: initiated.providerRef,
    amount: bill.amount,
    currency: bill.currency,
  });
  if (initiated.settled && initiated.settled.state === 'paid') {
    // Paid while starting (the card on file): settled now, whether or not its notice came first.
    await settleNotification(platform, provider, {
      eventId: `initiate:${paymentId}`,
      action: 'captured',
      providerRef: initiated.providerRef,
      amount: initiated.settled.amount,
      currency: initiated.settled.currency,
      payload: { source: 'initiate', state: initiated.settled },
    });
  }
  return {
    answer: {
      payment_id: paymentId,
      method: provider.method,
      test_mode: offer.testMode,
      // Alipay's code page (desktop) travels with its form: the dialog frames it beside the amount.
      next:
        initiated.next.kind === 'form' && initiated.embeddedQrcodeUrl
          ? { ...initiated.next, qrcode_page_url: initiated.embeddedQrcodeUrl }
          : initiated.next,
      expire_time: toSeconds(bill.expiresAt),
    },
    embeddedQrcodeUrl: initiated.embeddedQrcodeUrl ?? null,
  };
}

/**
 * Refused (unsigned or forged) notices kept in the log per provider and minute, on each instance:
 * anyone can post them, so what they can make us keep is bounded; past it they are counted and
 * said in one server log line a minute, not stored.
 */
export const REFUSED_NOTICES_KEPT_PER_MINUTE = 30;

interface RefusedWindow {
  startedAt: number;
  kept: number;
  dropped: number;
}
const refusedWindows = new WeakMap<Platform, Map<string, RefusedWindow>>();

/** Whether this refused notice is kept; counts the ones that are not. */
function keepRefused(
  platform: Platform,
  provider: string,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
  now = Date.now(),
): boolean {
  const windows = refusedWindows.get(platform) ?? new Map<string, RefusedWindow>();
  refusedWindows.set(platform, windows);
  let window = windows.get(provider);
  if (!window || now - window.startedAt >= 60_000) {
    if (window && window.dropped > 0) {
      log?.warn(
        { provider, dropped: window.dropped },
        'refused payment notices over the log cap were counted, not kept',
      );
    }
    window = { startedAt: now, kept: 0, dropped: 0 };
    windows.set(provider, window);
  }
  if (window.kept < REFUSED_NOTICES_KEPT_PER_MINUTE) {
    window.kept += 1;
    return true;
  }
  window.dropped += 1;
  return false;
}

/**
 * How a notice is answered: the app's JSON (the sandbox, Stripe), or the vendor's own reply
 * (WeChat Pay, Alipay), whose words its vendor reads.
 */
export type NoticeAnswer =
  | { kind: 'json'; body: { received: true; outcome: NotificationOutcome } }
  | { kind: 'vendor'; reply: NoticeReply };

const REFUSED_SIGNATURE = 'The notification signature is not valid';

/**
 * A provider's notification: its adapter verifies and reads it, the shared handler applies it.
 * One that does not verify is refused (VALIDATION_ERROR, or the vendor's refusal) and logged with
 * the reason, up to REFUSED_NOTICES_KEPT_PER_MINUTE a minute for each provider. One that captures
 * a bill closes the bill's other open trades.
 */
export async function receiveNotification(
  platform: Platform,
  method: string,
  raw: RawNotification,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<NoticeAnswer> {
  const provider = paymentProviders(platform).get(method);
  if (!provider) throw new AppError('NOT_FOUND', { msg: 'Unknown payment provider' });
  let notification: ProviderNotification;
  try {
    // A sandbox page opened before a real provider was set up pays nothing once it is.
    if (!(await takesNotices(platform, provider))) {
      throw new InvalidNotification('the sandbox provider is not offered on this server');
    }
    notification = await provider.parseNotification(raw);
  } catch (error) {
    if (!(error instanceof InvalidNotification)) throw error;
    if (keepRefused(platform, provider.method, log))
      await insertNotification(platform.db, {
        provider: provider.method,
        eventId: eventIdOf(raw.body),
        action: 'unknown',
        outcome: 'refused_signature',
        detail: error.message,
        payload: { raw: raw.rawBody.slice(0, 4000) },
      });
    if (provider.replies) return { kind: 'vendor', reply: provider.replies.refused(REFUSED_SIGNATURE) };
    throw validationError({ signature: REFUSED_SIGNATURE });
  }
  const outcome = await settleNotification(platform, provider, notification, log);
  return provider.replies
    ? { kind: 'vendor', reply: provider.replies.acknowledged() }
    : { kind: 'json', body: { received: true, outcome } };
}

/**
 * What a verified notice, or a provider's answer to a query, says of a payment, applied through
 * the one handler: a capture the bill cannot take is given back at once, and one that pays the
 * bill closes the bill's other open trades.
 */
export async function settleNotification(
  platform: Platform,
  provider: PaymentProvider,
  notification: ProviderNotification,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  options: { honourLate?: boolean } = {},
): Promise<NotificationOutcome> {
  if (notification.action === 'refund_update') return settleRefundNotice(platform, provider, notification);
  const outcome = await applyNotification(
    platform.db,
    billsToPay(platform),
    provider.method,
    notification,
    new Date(),
    options,
  );
  if (outcome === 'refused_paid' || outcome === 'refused_expired') {
    await returnCapture(platform, provider, notification, outcome);
  }
  if (outcome === 'applied' && notification.action === 'captured') {
    await closeOtherTrades(platform, paymentProviders(platform), provider, notification, log);
    await stopReplacedRenewals(
      platform,
      { provider: provider.method, providerRef: notification.providerRef },
      log,
    );
  }
  return outcome;
}

/**
 * A vendor's news of a refund: logged against its payment, then billing asks the vendor for the
 * refund's state and settles it (a refund that is not ours, or not pending, changes nothing).
 */
async function settleRefundNotice(
  platform: Platform,
  provider: PaymentProvider,
  notification: ProviderNotification,
): Promise<NotificationOutcome> {
  const payment = await findPaymentByRef(platform.db, provider.method, notification.providerRef);
  const record = (detail: string) =>
    insertNotification(platform.db, {
      provider: provider.method,
      eventId: notification.eventId,
      providerRef: notification.providerRef,
      paymentId: payment?.id ?? null,
      orderId: payment?.orderId ?? null,
      action: notification.action,
      outcome: payment ? 'recorded' : 'unknown_reference',
      detail,
      payload: notification.payload as object,
    });
  const named = `refund ${notification.refundNo ?? '-'}`;
  if (!payment || !notification.refundNo) {
    await record(named);
    return payment ? 'recorded' : 'unknown_reference';
  }
  const numbers = new Set([notification.refundNo, ...(notification.refundNos ?? [])]);
  try {
    for (const refundNo of numbers) await refundNotices(platform)({ provider: provider.method, refundNo });
  } catch (error) {
    // The vendor could not be asked (out of reach, refusing): the log says the refund is still
    // to settle, and the failed answer has the vendor deliver the notice again.
    await record(`${named}: not settled, the provider could not be asked (${(error as Error).message})`);
    throw error;
  }
  await record(named);
  return 'recorded';
}

/**
 * A capture the bill cannot take: another payment already paid it (the user paid twice, by two
 * methods or two tabs), or it expired or was canceled before the money came (a vendor's page may
 * outlive its bill: Stripe's Checkout lives 30 minutes at least). The money is given back at
 * once, never left pending. The provider refunds first, idempotent by the payment's id (a
 * redelivered notice refunds nothing more); then the payment reads `returned` and the
 * notification log says which refund, for the admin's order details.
 */
async function returnCapture(
  platform: Platform,
  provider: PaymentProvider,
  notification: ProviderNotification,
  outcome: 'refused_paid' | 'refused_expired',
): Promise<void> {
  const payment = await findPaymentByRef(platform.db, provider.method, notification.providerRef);
  if (!payment || payment.status === 'returned') return;
  if (notification.action !== 'captured') return;
  const { refundRef } = await provider.refund({
    providerRef: payment.providerRef,
    amount: notification.amount ?? payment.amount,
    total: notification.amount ?? payment.amount,
    currency: payment.currency,
    idempotencyKey: `return:${payment.id}`,
  });
  // A second subscription (two sessions for one bill, or one paid too late) must not renew by itself.
  await provider.release?.(payment.providerRef);
  if (!(await markPaymentReturned(platform.db, payment.id))) return;
  await insertNotification(platform.db, {
    provider: provider.method,
    eventId: notification.eventId,
    providerRef: notification.providerRef,
    paymentId: payment.id,
    orderId: payment.orderId,
    action: notification.action,
    outcome: 'returned',
    detail:
      outcome === 'refused_paid'
        ? `paid twice: given back as refund ${refundRef}`
        : `paid after the bill closed: given back as refund ${refundRef}`,
    amount: notification.amount,
    currency: notification.currency,
    payload: { refund_ref: refundRef },
  });
}

function eventIdOf(body: unknown): string {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 200) : '';
}
