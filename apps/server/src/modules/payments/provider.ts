import type { PaymentMethod, PaymentNextAction } from '@app/contract/billing/payments';
import type { RequestContext } from '../../platform/request-context';
import type { RecurringTerms, UpgradeTerms } from './bills-to-pay';

/**
 * One interface every payment vendor implements (medusa's `AbstractPaymentProvider` model): the
 * sandbox, Stripe, WeChat Pay and Alipay. An adapter starts payments, turns the vendor's
 * notification into a vendor-neutral action, refunds, and (where the vendor has them) queries
 * and closes trades and answers notices in the vendor's own terms. It never touches bills, orders,
 * subscriptions or credits: one shared handler (`notification-handler.ts`) applies every
 * vendor's actions the same way.
 */

/** What a notification means, whatever the vendor called it. */
export type PaymentAction = 'captured' | 'failed' | 'canceled' | 'refund_update' | 'not_supported';

export interface ProviderNotification {
  /** The vendor's id of this notification (replays carry the same one). */
  eventId: string;
  action: PaymentAction;
  /** The vendor's reference of the payment (what `initiate` answered). */
  providerRef: string;
  /** What the vendor says was paid, in cents, and in which currency. */
  amount: number | null;
  currency: string | null;
  /** The notification as received, kept in the notifications log. */
  payload: unknown;
  /**
   * `refund_update`: our number of the refund it is about. The notice is only a hint: the refund's
   * state is asked of the vendor, so a forged or stale one settles nothing wrongly.
   */
  refundNo?: string;
  /**
   * `refund_update` about several refunds at once (Stripe's `charge.refunded`): all their numbers,
   * `refundNo` among them; each is asked of the vendor the same way.
   */
  refundNos?: string[];
  /**
   * A notice that settles nothing, which the adapter could not read back because its key lacks
   * this permission (a Stripe restricted key without `rak_payment_intent_read` or
   * `rak_refund_read`): logged naming it, under its payment where the notice names one, and
   * acknowledged, since delivering it again could read no more.
   */
  missingPermission?: string;
  /**
   * A notice about an object no payment is referenced by (a subscription schedule) that only
   * brought its mirror up to date: logged as recorded, saying which mirror, not as unknown.
   */
  mirrored?: string;
}

/**
 * The largest amount, in minor units, any notification may carry (ten billion in major units):
 * bills are far below it, and anything above (`1e308`, a float) is no amount at all.
 */
export const MAX_NOTIFIED_AMOUNT = 1_000_000_000_000;

/** A vendor's amount as a bounded whole number of minor units, or null (then refused as not the bill's). */
export function notifiedAmount(value: unknown): number | null {
  return typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= 0 &&
    value <= MAX_NOTIFIED_AMOUNT
    ? value
    : null;
}

/**
 * The vendor answered a refund with a refusal (already refunded, more than is left, the trade too
 * old): nothing was refunded, and asking again would be refused again. Any other error (no answer,
 * a 5xx) leaves the refund pending, asked again by reconciliation under the same number.
 */
export class RefundRefused extends Error {}

/** The vendor's signature did not verify (or the notification could not be read). */
export class InvalidNotification extends Error {}

export interface InitiateInput {
  paymentId: string;
  billId: string;
  orderId: string;
  orderNum: string;
  planName: string;
  amount: number;
  currency: string;
  /** Unix seconds: the bill's expiry; a hosted page must not take payment after it. */
  expiresAt: number;
  appType: 'pc_web' | 'wx_web' | 'mb_web';
  /** Pixels of the code a provider draws itself (Alipay's `qrcode_width`); its default otherwise. */
  qrcodeWidth?: number;
  /**
   * What renews by itself where the provider can (Stripe's subscriptions); null or absent: paid once.
   */
  recurring?: RecurringTerms | null;
  /** An upgrade the provider can make by changing what it renews (Stripe's subscriptions). */
  upgrade?: UpgradeTerms | null;
  ctx: RequestContext;
}

export interface Initiated {
  providerRef: string;
  next: PaymentNextAction;
  /**
   * A page that shows only the provider's code to scan, for an iframe beside `next` (Alipay's
   * page pay with `qr_pay_mode` 4, `qrcode_width` wide): the spec's `alipay_qrcode`.
   */
  embeddedQrcodeUrl?: string | null;
  /**
   * The provider took the money while starting (a subscription changed and charged to the card on
   * file): settled at once through the one handler, as its notice would be (which may come first).
   */
  settled?: TradeState | null;
}

export interface RawNotification {
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBytes: Buffer;
  /** The same bytes read as UTF-8. */
  rawBody: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A reply to a vendor's delivery, in the vendor's own terms. */
export interface NoticeReply {
  status: number;
  contentType: string;
  /** Empty for none (WeChat Pay's 204). */
  body: string;
}

/**
 * What a vendor reads from our answer to its notice: acknowledged (it stops delivering) or
 * refused (it delivers again later). A refused notice is one that did not verify; one that
 * verifies is acknowledged whatever became of it (applied, duplicate, refused for its amount):
 * delivering it again could change nothing.
 */
export interface NoticeReplies {
  acknowledged(): NoticeReply;
  refused(reason: string): NoticeReply;
}

/**
 * What the vendor holds of one trade, asked of its API: `paid` with what was paid, `open` while it
 * can still be paid, `closed` once it no longer can (closed, expired, failed, refunded), `missing`
 * when the vendor has no such trade (Alipay creates one only when the payer opens its page).
 */
export interface TradeState {
  state: 'paid' | 'open' | 'closed' | 'missing';
  /** Minor units and currency of what the vendor says was paid; null unless paid. */
  amount: number | null;
  currency: string | null;
}

export interface RefundInput {
  providerRef: string;
  amount: number;
  /** What the payment captured in all (WeChat Pay asks for it beside the refund). */
  total: number;
  currency: string;
  idempotencyKey: string;
}

/**
 * A refund as the vendor holds it: `succeeded` (the money is on its way back), `pending` (accepted,
 * not yet done), `failed` (refused or abandoned: nothing was refunded), `missing` (the vendor has
 * no such refund: asking it to refund failed before it was made).
 */
export interface RefundResult {
  state: 'succeeded' | 'pending' | 'failed' | 'missing';
  refundRef: string | null;
  /** The vendor's words for a failure. */
  failure?: string | null;
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  readonly name: string;
  /** A test-mode provider moves no money; the UI says so. */
  readonly testMode: boolean;
  readonly flow: 'redirect' | 'qrcode' | 'form';
  /** Offered to callers in this location (`cn` gets the mobile providers, spec section 1). */
  availableIn(location: 'cn' | 'global'): boolean;
  /**
   * For a provider whose keys an admin sets in "foreign keys": null while they are not set (then
   * it is neither offered nor paid with), else whether those keys are test-mode ones. A provider
   * without it is always there with `testMode`.
   */
  configured?(): Promise<{ testMode: boolean } | null>;
  initiate(input: InitiateInput): Promise<Initiated>;
  /**
   * Verifies and reads a notification; throws `InvalidNotification` when it does not verify. A
   * vendor whose notices are only a hint (Stripe's) asks its API for the object's state here, so
   * what is applied is what the vendor holds, whatever the notice said and in whichever order
   * notices came.
   */
  parseNotification(notification: RawNotification): Promise<ProviderNotification>;
  /**
   * Refunds `amount` of a captured payment of `total` (all of it, or a part): answers the vendor's
   * reference and what became of it (vendors confirm some refunds later: then `pending`, and
   * `queryRefund` or the vendor's notice says the rest). `idempotencyKey` is our refund number:
   * asked again with it, the vendor refunds nothing more.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Asks the vendor what became of a refund (by our number, or its reference). */
  queryRefund?(input: {
    providerRef: string;
    refundNo: string;
    refundRef: string | null;
  }): Promise<RefundResult>;
  /** Asks the vendor what it holds of a trade (a vendor whose notices are the record may have it). */
  query?(providerRef: string): Promise<TradeState>;
  /**
   * Closes an open trade so it can no longer be paid (the bill was paid another way). Answers what
   * the vendor then holds: `closed` or `missing` (nothing to pay any more), `paid` when the payer
   * was quicker (that payment is then given back by its own notice, as a second capture).
   */
  close?(providerRef: string): Promise<TradeState>;
  /**
   * Ends what the payment set up to recur (Stripe's subscription), so a payment given back or
   * refunded in full is never charged again by itself. Idempotent; absent where nothing recurs.
   */
  release?(providerRef: string): Promise<void>;
  /**
   * The vendor's own replies to its notices (WeChat Pay, Alipay). Absent: the app's JSON answer,
   * and a refused signature is a VALIDATION_ERROR (the sandbox, Stripe).
   */
  readonly replies?: NoticeReplies;
}

/** The providers this server runs with, by method. */
export class PaymentProviders {
  private readonly byMethod = new Map<PaymentMethod, PaymentProvider>();

  add(provider: PaymentProvider): void {
    this.byMethod.set(provider.method, provider);
  }

  get(method: string): PaymentProvider | undefined {
    return this.byMethod.get(method as PaymentMethod);
  }

  all(): PaymentProvider[] {
    return [...this.byMethod.values()];
  }
}
