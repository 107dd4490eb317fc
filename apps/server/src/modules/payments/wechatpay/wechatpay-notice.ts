import type { Platform } from '../../../platform/platform';
import {
  decryptResource,
  type Encrypted,
  type ReadyWechatpayValues,
  readSignedHeaders,
  signatureProblem,
} from '../../foreign-keys/wechatpay-api';
import {
  InvalidNotification,
  notifiedAmount,
  type ProviderNotification,
  type RawNotification,
} from '../provider';
import { verifyingKeys } from './wechatpay-keys';

/** The transaction a notice or a query carries (the fields we read). */
export interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: unknown; payer_total?: unknown; currency?: unknown; payer_currency?: unknown };
}

export interface WechatNotice {
  id?: unknown;
  create_time?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  summary?: unknown;
  resource?: Encrypted & { original_type?: unknown };
}

/**
 * A WeChat Pay notice, verified and read. Probes, missing headers and stale times are refused
 * before any key is looked for; then the signature over the raw bytes with the key the serial
 * names; then the resource is decrypted with the APIv3 key (a changed tag does not decrypt) and
 * must be for our merchant. Only `TRANSACTION.SUCCESS` of a paid transaction captures.
 */
export async function readWechatNotice(
  platform: Platform,
  values: ReadyWechatpayValues,
  raw: RawNotification,
): Promise<ProviderNotification> {
  // Probes, missing headers and stale times are refused before any key is looked for (an
  // unknown serial may cause a download; these must not).
  const signed = readSignedHeaders(raw.headers);
  if (typeof signed === 'string') throw new InvalidNotification(signed);
  const problem = signatureProblem(
    await verifyingKeys(platform, values, signed.serial),
    raw.headers,
    raw.rawBody,
  );
  if (problem) throw new InvalidNotification(problem);
  const notice = raw.body as WechatNotice;
  let transaction: WechatTransaction;
  try {
    transaction = JSON.parse(decryptResource(notice.resource ?? {}, values.apiv3_key)) as WechatTransaction;
  } catch {
    throw new InvalidNotification('the resource does not decrypt with the APIv3 key');
  }
  if (typeof transaction !== 'object' || transaction === null || transaction.mchid !== values.mchid) {
    throw new InvalidNotification('the notice is for another merchant');
  }
  const eventId = typeof notice.id === 'string' ? notice.id.slice(0, 200) : '';
  const eventType = typeof notice.event_type === 'string' ? notice.event_type : '';
  if (eventType.startsWith('REFUND.')) {
    // A refund's news (REFUND.SUCCESS, ABNORMAL, CLOSED): the refund is asked about, not taken from it.
    const refund = transaction as WechatTransaction & { out_refund_no?: unknown; refund_status?: unknown };
    return {
      eventId,
      action: 'refund_update',
      providerRef: typeof refund.out_trade_no === 'string' ? refund.out_trade_no : '',
      refundNo: typeof refund.out_refund_no === 'string' ? refund.out_refund_no : '',
      amount: null,
      currency: null,
      payload: {
        notice: { id: notice.id, create_time: notice.create_time, event_type: notice.event_type },
        refund: {
          out_trade_no: refund.out_trade_no,
          out_refund_no: refund.out_refund_no,
          refund_status: refund.refund_status,
        },
      },
    };
  }
  const paid = eventType === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS';
  return {
    eventId,
    action: paid ? 'captured' : 'not_supported',
    providerRef: typeof transaction.out_trade_no === 'string' ? transaction.out_trade_no : '',
    amount: paid ? notifiedAmount(transaction.amount?.total) : null,
    currency: paid && typeof transaction.amount?.currency === 'string' ? transaction.amount.currency : null,
    // The notice as received (its ciphertext aside) and what it said once decrypted, the payer aside.
    payload: {
      notice: {
        id: notice.id,
        create_time: notice.create_time,
        event_type: notice.event_type,
        summary: notice.summary,
      },
      transaction: {
        appid: transaction.appid,
        mchid: transaction.mchid,
        out_trade_no: transaction.out_trade_no,
        transaction_id: transaction.transaction_id,
        trade_type: transaction.trade_type,
        trade_state: transaction.trade_state,
        success_time: transaction.success_time,
        amount: transaction.amount,
      },
    },
  };
}
