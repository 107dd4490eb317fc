import { createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import {
  AUTH_SCHEME,
  answerMessage,
  digits,
  encryptGcm,
  flipTagBit,
  nonceString,
  parseAuthorization,
  pem,
  randomId,
  requestMessage,
  rfc3339,
  rsaKeys,
  sha256WithRsa,
  verifySha256WithRsa,
  wechatError,
} from './protocol';

/**
 * A local stand-in for WeChat Pay API v3, kept in the repository so the WeChat Pay path is tested
 * (and demoed) over real HTTP without the internet. It holds one merchant (keys made at start:
 * nothing secret is committed) and speaks v3 as WeChat Pay does:
 *
 * - every `/v3/` call must carry the merchant's signature under its certificate's serial, within
 *   five minutes of the stand-in's clock (else `401 SIGN_ERROR`), and every other answer is
 *   signed, with the WeChat Pay public key (`PUB_KEY_ID_…`, public-key mode, or when the request
 *   names it in `Wechatpay-Serial`) or the newest platform certificate;
 * - `POST /v3/pay/transactions/native | h5 | jsapi`, `GET …/out-trade-no/{no}?mchid=`,
 *   `POST …/out-trade-no/{no}/close`, `POST /v3/refund/domestic/refunds`,
 *   `GET /v3/refund/domestic/refunds/{no}`, `GET /v3/certificates` (the certificates encrypted
 *   under the APIv3 key; 404 for a merchant in public-key mode with none);
 * - a payer page behind `code_url` and `h5_url` (pay or decline) and, for JSAPI, the bridge's
 *   `getBrandWCPayRequest` at `POST /jsapi/pay`, which checks `paySign` with the merchant's key;
 * - encrypted, signed `TRANSACTION.SUCCESS` notices to each order's `notify_url`, delivered again
 *   until answered 2xx on WeChat Pay's schedule (compressed for tests), with controls to hold and
 *   reorder, delay, replay (at once), tamper with a byte after signing, alter the GCM tag, forge a
 *   transaction, skew the clock, sign under another serial, send SIGNTEST probes, rotate the
 *   platform certificate and switch to the public key.
 *
 * Its crypto is its own (`node:crypto`, `protocol.ts`), not the plugin's the app uses. Run by
 * hand: `npm run wechatpay:stand-in -w @app/server` (main.ts).
 */

/** WeChat Pay's notice retries: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h. */
export const WECHATPAY_RETRY_SCHEDULE_MS = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((seconds) => seconds * 1000);

export type TradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'PAYERROR';
export type TradeType = 'NATIVE' | 'MWEB' | 'JSAPI';

export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type: TradeType;
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid: string };
  amount: { total: number; currency: string; payer_total?: number; payer_currency?: string };
}

interface Order {
  transaction: Transaction;
  description: string;
  timeExpire: number;
  notifyUrl: string;
  fingerprint: string;
  token: string;
  prepayId: string | null;
  refunded: number;
}

export interface Refund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  channel: 'ORIGINAL';
  user_received_account: string;
  create_time: string;
  /** Set once the refund succeeded. */
  success_time?: string;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  funds_account: 'AVAILABLE';
  amount: {
    total: number;
    refund: number;
    payer_total: number;
    payer_refund: number;
    settlement_total: number;
    settlement_refund: number;
    discount_refund: number;
    currency: string;
  };
}

export interface Notice {
  id: string;
  create_time: string;
  resource_type: 'encrypt-resource';
  event_type: string;
  summary: string;
  resource: {
    original_type: string;
    algorithm: 'AEAD_AES_256_GCM';
    ciphertext: string;
    associated_data: string;
    nonce: string;
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The `Wechatpay-Serial` the request named (public-key mode sends it). */
  serialHeader: string | null;
  body: string;
  /** The status answered (0 until then). */
  status: number;
}

export interface Delivery {
  eventId: string;
  url: string;
  /** 1 for the first delivery, 2 for the first retry, ... */
  attempt: number;
  /** The HTTP status our endpoint answered; 0 if it could not be reached. */
  status: number;
  answer: string;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  /** Seconds added to the signing clock for this delivery (negative: signed in the past). */
  skewSeconds?: number;
  /** Changes the body after it was signed (a tampered delivery). */
  tamper?: (body: string) => string;
  /** Flips a bit of the resource's GCM tag, then signs: a signature that verifies, a resource that does not decrypt. */
  alterTag?: boolean;
  /** Signs with this key under this serial (a key WeChat Pay does not have). */
  signer?: { serial: string; privateKey: KeyObject };
  /** Sends this header as the signature, as is (a SIGNTEST probe). */
  signature?: string;
  delayMs?: number;
}

interface Signer {
  serial: string;
  privateKey: KeyObject;
}

export interface PlatformCertificate extends Signer {
  pem: string;
  notBefore: Date;
  notAfter: Date;
}

export interface WechatpayStandInOptions {
  port?: number;
  host?: string;
  /** Prefix of the payer pages' URLs (default: the stand-in's own address). */
  publicUrl?: string;
  /** `public_key`: a merchant since late 2024 (no platform certificate); else certificates. */
  mode?: 'public_key' | 'platform_certificate';
  /** Waits before each retry of an unacknowledged notice (default: WeChat Pay's, in ms). */
  retryScheduleMs?: readonly number[];
}

export interface WechatpayStandIn {
  /** The API base: what the vault's `base_url` holds. */
  url: string;
  merchant: {
    mchid: string;
    appid: string;
    jsapiAppid: string;
    serial: string;
    privateKeyPem: string;
    apiv3Key: string;
  };
  /** The WeChat Pay public key and its ID (public-key mode). */
  publicKey: { id: string; pem: string };
  /** How answers and notices are signed: with the public key, or the newest platform certificate. */
  mode: 'public_key' | 'platform_certificate';
  /** The platform certificates, newest first (what `/v3/certificates` serves). */
  certificates: PlatformCertificate[];
  /** A new platform certificate signs from now on (the old one is still served): its serial. */
  rotate(): Promise<string>;
  /** The vault's `wechatpay` values for this merchant (public key and ID included in public-key mode). */
  vaultValues(): Record<string, string>;
  requests: RecordedRequest[];
  order(outTradeNo: string): Transaction;
  orders(): Transaction[];
  refunds(): Refund[];
  /**
   * While true, refunds are accepted as `PROCESSING` (WeChat Pay confirms most refunds later, not
   * in its answer); `settleRefunds` then makes them `SUCCESS`, as WeChat Pay does in minutes.
   */
  refundsProcessing: boolean;
  settleRefunds(): void;
  /** The order's notify URL, as the merchant gave it. */
  notifyUrlOf(outTradeNo: string): string;
  /** What the payer page's buttons do, without a browser. */
  pay(outTradeNo: string, how?: 'pay' | 'decline'): Promise<void>;
  /** The bridge's `getBrandWCPayRequest`, `paySign` checked. */
  payJsapi(bridge: Record<string, string>): Promise<{ status: number; err_msg: string }>;
  /** Seconds the stand-in's clock is ahead of the real one (answers, notices, its checks). */
  clockSkewSeconds: number;
  /** Fails the next `times` calls to `METHOD path` (regex) with this status and code. */
  failNext(method: string, path: RegExp, status: number, code: string, times?: number): void;
  notices: {
    /** While held, notices queue instead of being delivered (`flush` delivers them). */
    hold: boolean;
    delayMs: number;
    retryScheduleMs: readonly number[];
    events: Notice[];
    deliveries: Delivery[];
    queued(): Notice[];
    clear(): void;
    flush(order?: 'as_made' | 'reversed'): Promise<Delivery[]>;
    /** One delivery (no retry), to the order's notify URL or `url`. */
    send(notice: Notice | string, options?: SendOptions & { url?: string }): Promise<Delivery>;
    replay(eventId: string, times: number, concurrent?: boolean): Promise<Delivery[]>;
    /** A notice, correctly encrypted and signed, whose transaction says what the test wants. */
    forge(outTradeNo: string, patch: Partial<Transaction>): Notice;
    /** A SIGNTEST probe to this URL: a signature WeChat Pay makes to fail. */
    probe(url: string): Promise<Delivery>;
    /** Resolves when no delivery is under way and no retry waits. */
    idle(): Promise<void>;
  };
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const STATE_TEXT: Record<TradeState, string> = {
  NOTPAY: '未支付',
  USERPAYING: '用户支付中',
  SUCCESS: '支付成功',
  CLOSED: '已关闭',
  REFUND: '转入退款',
  PAYERROR: '支付失败',
};

async function makeCertificate(): Promise<PlatformCertificate> {
  const keys = rsaKeys();
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  const made = await generate([{ name: 'commonName', value: 'Tenpay.com stand-in platform certificate' }], {
    keyPair: { privateKey: pem.private(keys.privateKey), publicKey: pem.public(keys.publicKey) },
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
  });
  const cert = new X509Certificate(made.cert);
  return {
    serial: cert.serialNumber.toUpperCase(),
    privateKey: keys.privateKey,
    pem: made.cert,
    notBefore,
    notAfter,
  };
}

export async function startWechatpayStandIn(
  options: WechatpayStandInOptions = {},
): Promise<WechatpayStandIn> {
  const merchantKeys = rsaKeys();
  const merchantCert = new X509Certificate(
    (
      await generate([{ name: 'commonName', value: 'stand-in merchant' }], {
        keyPair: {
          privateKey: pem.private(merchantKeys.privateKey),
          publicKey: pem.public(merchantKeys.publicKey),
        },
        algorithm: 'sha256',
      })
    ).cert,
  );
  const publicKeyPair = rsaKeys();
  const publicKeyId = `PUB_KEY_ID_${digits(30)}`;
  const mode = options.mode ?? 'platform_certificate';
  const certificates = mode === 'platform_certificate' ? [await makeCertificate()] : [];
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, Order>();
  const byToken = new Map<string, Order>();
  const byPrepay = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  /** Where each refund's request asked for its notice (`notify_url`), by `out_refund_no`. */
  const refundNotifyUrls = new Map<string, string>();
  const scripted: { method: string; path: RegExp; status: number; code: string; times: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const queue: Notice[] = [];
  const noticeOrder = new Map<string, string>();
  let base = '';
  let pageBase = '';

  const nowMs = () => Date.now() + standIn.clockSkewSeconds * 1000;
  const copy = <T>(value: T): T => structuredClone(value);

  // ---- Signing ------------------------------------------------------------------------------

  const publicKeySigner: Signer = { serial: publicKeyId, privateKey: publicKeyPair.privateKey };

  /** Who signs: the public key in public-key mode or when the request names it, else the newest certificate. */
  function signer(requested: string | null): Signer {
    if (requested === publicKeyId || standIn.mode === 'public_key' || standIn.certificates.length === 0) {
      return publicKeySigner;
    }
    return standIn.certificates[0] ?? publicKeySigner;
  }

  function signedHeaders(body: string, by: Signer, skewSeconds = 0): Record<string, string> {
    const timestamp = String(Math.floor(nowMs() / 1000) + skewSeconds);
    const nonce = nonceString(32);
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': by.serial,
      'wechatpay-signature': sha256WithRsa(by.privateKey, answerMessage(timestamp, nonce, body)),
      'wechatpay-signature-type': AUTH_SCHEME,
    };
  }

  // ---- Orders -------------------------------------------------------------------------------

  /** An unpaid order past its `time_expire` closes (WeChat Pay's own sweep, done on each look). */
  function expireIfDue(order: Order) {
    const tx = order.transaction;
    if ((tx.trade_state === 'NOTPAY' || tx.trade_state === 'USERPAYING') && nowMs() > order.timeExpire) {
      tx.trade_state = 'CLOSED';
      tx.trade_state_desc = STATE_TEXT.CLOSED;
    }
  }

  type Answer = { status: number; body?: unknown };
  const fail = (status: number, code: string, message: string): Answer => ({
    status,
    body: wechatError(code, message),
  });

  function createOrder(type: TradeType, input: Record<string, unknown>): Answer {
    const appid = typeof input.appid === 'string' ? input.appid : '';
    const expectedAppid = type === 'JSAPI' ? standIn.merchant.jsapiAppid : standIn.merchant.appid;
    if (input.mchid !== standIn.merchant.mchid)
      return fail(400, 'PARAM_ERROR', 'mchid与请求头中的商户号不一致');
    if (appid !== expectedAppid) return fail(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
    const outTradeNo = typeof input.out_trade_no === 'string' ? input.out_trade_no : '';
    if (!OUT_TRADE_NO.test(outTradeNo))
      return fail(400, 'PARAM_ERROR', '输入源“/body/out_trade_no”映射到值字段“商户订单号”字符串规则校验失败');
    const description = typeof input.description === 'string' ? input.description : '';
    if (!description || Buffer.byteLength(description, 'utf8') > 127) {
      return fail(400, 'PARAM_ERROR', '输入源“/body/description”映射到值字段“商品描述”字符串规则校验失败');
    }
    const amount = input.amount as { total?: unknown; currency?: unknown } | undefined;
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1) {
      return fail(400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到值字段“总金额”数字规则校验失败');
    }
    const currency = amount?.currency ?? 'CNY';
    if (currency !== 'CNY') return fail(400, 'PARAM_ERROR', '境内商户仅支持人民币');
    const notifyUrl = typeof input.notify_url === 'string' ? input.notify_url : '';
    let notify: URL | null = null;
    try {
      notify = new URL(notifyUrl);
    } catch {
      notify = null;
    }
    if (!notify || !/^https?:$/.test(notify.protocol) || notify.search) {
      return fail(400, 'PARAM_ERROR', 'notify_url格式不正确，不能携带查询串');
    }
    const timeExpire = typeof input.time_expire === 'string' ? input.time_expire : '';
    const expiresAt = RFC3339.test(timeExpire) ? Date.parse(timeExpire) : Number.NaN;
    if (Number.isNaN(expiresAt)) return fail(400, 'PARAM_ERROR', 'time_expire格式不正确');
    if (expiresAt <= nowMs()) return fail(400, 'INVALID_REQUEST', '订单已过期');
    let openid: string | null = null;
    if (type === 'JSAPI') {
      const payer = input.payer as { openid?: unknown } | undefined;
      if (typeof payer?.openid !== 'string' || !payer.openid)
        return fail(400, 'PARAM_ERROR', '缺少参数payer.openid');
      openid = payer.openid;
    }
    if (type === 'MWEB') {
      const scene = input.scene_info as
        | { payer_client_ip?: unknown; h5_info?: { type?: unknown } }
        | undefined;
      if (typeof scene?.payer_client_ip !== 'string' || !scene.payer_client_ip || !scene.h5_info?.type) {
        return fail(400, 'PARAM_ERROR', '缺少参数scene_info');
      }
    }
    const fingerprint = JSON.stringify([type, appid, description, total, currency, openid]);
    const existing = orders.get(outTradeNo);
    if (existing) {
      expireIfDue(existing);
      const state = existing.transaction.trade_state;
      if (state === 'SUCCESS' || state === 'REFUND') return fail(400, 'ORDERPAID', '该订单已支付');
      if (state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.fingerprint !== fingerprint) return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return { status: 200, body: entryOf(existing) };
    }
    const order: Order = {
      transaction: {
        appid,
        mchid: standIn.merchant.mchid,
        out_trade_no: outTradeNo,
        trade_type: type,
        trade_state: 'NOTPAY',
        trade_state_desc: STATE_TEXT.NOTPAY,
        ...(typeof input.attach === 'string' ? { attach: input.attach } : {}),
        ...(openid ? { payer: { openid } } : {}),
        amount: { total, currency: 'CNY' },
      },
      description,
      timeExpire: expiresAt,
      notifyUrl,
      fingerprint,
      token: randomId(12),
      prepayId: type === 'NATIVE' ? null : `wx${digits(12)}${randomId(8)}`,
      refunded: 0,
    };
    orders.set(outTradeNo, order);
    byToken.set(order.token, order);
    if (order.prepayId) byPrepay.set(order.prepayId, order);
    return { status: 200, body: entryOf(order) };
  }

  /** What a create answers: the code to scan, the H5 page or the JSAPI prepay id. */
  function entryOf(order: Order) {
    switch (order.transaction.trade_type) {
      case 'NATIVE':
        return { code_url: `${pageBase}/pay/native/${order.token}` };
      case 'MWEB':
        return {
          h5_url: `${pageBase}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${order.prepayId}&package=${digits(10)}`,
        };
      case 'JSAPI':
        return { prepay_id: order.prepayId };
    }
  }

  async function payOrder(order: Order, how: 'pay' | 'decline'): Promise<string | null> {
    expireIfDue(order);
    const tx = order.transaction;
    if (tx.trade_state !== 'NOTPAY' && tx.trade_state !== 'USERPAYING') return STATE_TEXT[tx.trade_state];
    if (how === 'decline') {
      tx.trade_state = 'PAYERROR';
      tx.trade_state_desc = STATE_TEXT.PAYERROR;
      return null;
    }
    tx.trade_state = 'SUCCESS';
    tx.trade_state_desc = STATE_TEXT.SUCCESS;
    tx.transaction_id = `42000${digits(23)}`;
    tx.bank_type = 'OTHERS';
    tx.success_time = rfc3339(nowMs());
    tx.payer ??= { openid: `o${randomId(13)}` };
    tx.amount = { ...tx.amount, payer_total: tx.amount.total, payer_currency: 'CNY' };
    await emit(makeNotice(copy(tx), 'TRANSACTION.SUCCESS', '支付成功'), order.notifyUrl);
    return null;
  }

  function refund(input: Record<string, unknown>): Answer {
    const outRefundNo = typeof input.out_refund_no === 'string' ? input.out_refund_no : '';
    if (!OUT_REFUND_NO.test(outRefundNo)) return fail(400, 'PARAM_ERROR', 'out_refund_no格式不正确');
    const order =
      typeof input.out_trade_no === 'string'
        ? orders.get(input.out_trade_no)
        : [...orders.values()].find((o) => o.transaction.transaction_id === input.transaction_id);
    if (!order) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const amount = input.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const asked = amount?.refund;
    const tx = order.transaction;
    if (typeof asked !== 'number' || !Number.isSafeInteger(asked) || asked < 1) {
      return fail(400, 'PARAM_ERROR', 'amount.refund不正确');
    }
    if (amount?.total !== tx.amount.total || (amount.currency ?? 'CNY') !== 'CNY') {
      return fail(400, 'PARAM_ERROR', '订单金额或币种与原订单不一致');
    }
    const seen = refunds.get(outRefundNo);
    if (seen) {
      return seen.out_trade_no === tx.out_trade_no && seen.amount.refund === asked
        ? { status: 200, body: seen }
        : fail(400, 'INVALID_REQUEST', '商户退款单号重复');
    }
    if (tx.trade_state !== 'SUCCESS' && tx.trade_state !== 'REFUND') {
      return fail(400, 'INVALID_REQUEST', '订单状态不正确，不能退款');
    }
    if (asked > tx.amount.total - order.refunded)
      return fail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    order.refunded += asked;
    tx.trade_state = 'REFUND';
    tx.trade_state_desc = STATE_TEXT.REFUND;
    const made: Refund = {
      refund_id: `50${digits(30)}`,
      out_refund_no: outRefundNo,
      transaction_id: tx.transaction_id ?? '',
      out_trade_no: tx.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: rfc3339(nowMs()),
      ...(standIn.refundsProcessing
        ? { status: 'PROCESSING' }
        : { success_time: rfc3339(nowMs()), status: 'SUCCESS' }),
      funds_account: 'AVAILABLE',
      amount: {
        total: tx.amount.total,
        refund: asked,
        payer_total: tx.amount.total,
        payer_refund: asked,
        settlement_total: tx.amount.total,
        settlement_refund: asked,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
    refunds.set(outRefundNo, made);
    if (typeof input.notify_url === 'string' && input.notify_url)
      refundNotifyUrls.set(outRefundNo, input.notify_url);
    noticeRefund(made);
    return { status: 200, body: made };
  }

  function certificateList() {
    return {
      data: standIn.certificates.map((cert) => {
        const nonce = nonceString(12);
        return {
          serial_no: cert.serial,
          effective_time: rfc3339(cert.notBefore.getTime()),
          expire_time: rfc3339(cert.notAfter.getTime()),
          encrypt_certificate: {
            algorithm: 'AEAD_AES_256_GCM',
            nonce,
            associated_data: 'certificate',
            ciphertext: encryptGcm(standIn.merchant.apiv3Key, nonce, 'certificate', cert.pem),
          },
        };
      }),
    };
  }

  async function api(record: RecordedRequest, url: URL, body: string): Promise<Answer> {
    const route = `${record.method} ${url.pathname}`;
    let input: Record<string, unknown> = {};
    if (record.method === 'POST' && body) {
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return fail(400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }
    const created = /^POST \/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(route)?.[1];
    if (created)
      return createOrder(created === 'native' ? 'NATIVE' : created === 'h5' ? 'MWEB' : 'JSAPI', input);
    const queried = /^GET \/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(route)?.[1];
    if (queried) {
      if (url.searchParams.get('mchid') !== standIn.merchant.mchid)
        return fail(400, 'PARAM_ERROR', 'mchid不正确');
      const order = orders.get(decodeURIComponent(queried));
      if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      expireIfDue(order);
      return { status: 200, body: order.transaction };
    }
    const closing = /^POST \/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(route)?.[1];
    if (closing) {
      if (input.mchid !== standIn.merchant.mchid) return fail(400, 'PARAM_ERROR', 'mchid不正确');
      const order = orders.get(decodeURIComponent(closing));
      if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      expireIfDue(order);
      const state = order.transaction.trade_state;
      if (state === 'SUCCESS' || state === 'REFUND') return fail(400, 'ORDERPAID', '订单已支付');
      order.transaction.trade_state = 'CLOSED';
      order.transaction.trade_state_desc = STATE_TEXT.CLOSED;
      return { status: 204 };
    }
    if (route === 'POST /v3/refund/domestic/refunds') return refund(input);
    const refundNo = /^GET \/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(route)?.[1];
    if (refundNo) {
      const found = refunds.get(decodeURIComponent(refundNo));
      return found ? { status: 200, body: found } : fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (route === 'GET /v3/certificates') {
      if (standIn.certificates.length === 0) {
        return fail(404, 'NOT_FOUND', '无可用的平台证书，请在商户平台-API安全申请使用微信支付公钥');
      }
      return { status: 200, body: certificateList() };
    }
    return fail(404, 'NOT_FOUND', `无此接口 ${route}`);
  }

  /** The merchant's signature, serial and clock; an answer to send when they do not hold. */
  function authProblem(
    req: IncomingMessage,
    record: RecordedRequest,
    pathAndQuery: string,
    body: string,
  ): Answer | null {
    const auth = parseAuthorization(
      typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined,
    );
    if (!auth) return fail(401, 'SIGN_ERROR', '错误的签名，验签失败：缺少Authorization');
    if (auth.mchid !== standIn.merchant.mchid) return fail(401, 'SIGN_ERROR', '商户号不存在');
    if (auth.serial_no?.toUpperCase() !== standIn.merchant.serial)
      return fail(401, 'SIGN_ERROR', '商户证书序列号有误');
    const timestamp = auth.timestamp ?? '';
    if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - Math.floor(nowMs() / 1000)) > 300) {
      return fail(401, 'SIGN_ERROR', '请求的时间戳与微信支付服务器时间相差过大');
    }
    const message = requestMessage(record.method, pathAndQuery, timestamp, auth.nonce_str ?? '', body);
    if (!verifySha256WithRsa(merchantKeys.publicKey, message, auth.signature ?? '')) {
      return fail(401, 'SIGN_ERROR', '错误的签名，验签失败');
    }
    return null;
  }

  function writeSigned(res: ServerResponse, record: RecordedRequest, answer: Answer) {
    record.status = answer.status;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    // A merchant whose signature did not hold gets no signed answer.
    const headers = answer.status === 401 ? {} : signedHeaders(text, signer(record.serialHeader));
    res
      .writeHead(answer.status, {
        ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        'request-id': randomId(16),
        ...headers,
      })
      .end(text);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      serialHeader:
        typeof req.headers['wechatpay-serial'] === 'string' ? req.headers['wechatpay-serial'] : null,
      body,
      status: 0,
    };
    requests.push(record);
    const refused = authProblem(req, record, `${url.pathname}${url.search}`, body);
    if (refused) return writeSigned(res, record, refused);
    const script = scripted.find(
      (s) => s.method === record.method && s.path.test(url.pathname) && s.times > 0,
    );
    if (script) {
      script.times -= 1;
      return writeSigned(res, record, fail(script.status, script.code, '系统繁忙，请稍后重试'));
    }
    return writeSigned(res, record, await api(record, url, body));
  }

  // ---- Notices ------------------------------------------------------------------------------

  function makeNotice(transaction: Transaction, eventType: string, summary: string): Notice {
    return encryptedNotice('transaction', transaction, eventType, summary);
  }

  /** A refund notice (`REFUND.SUCCESS`, ...): the refund as WeChat Pay reports it, encrypted. */
  function refundNotice(made: Refund): Notice {
    const {
      refund_id,
      out_refund_no,
      transaction_id,
      out_trade_no,
      user_received_account,
      success_time,
      amount,
    } = made;
    return encryptedNotice(
      'refund',
      {
        mchid: standIn.merchant.mchid,
        out_trade_no,
        transaction_id,
        out_refund_no,
        refund_id,
        refund_status: made.status,
        success_time,
        user_received_account,
        amount: {
          total: amount.total,
          refund: amount.refund,
          payer_total: amount.payer_total,
          payer_refund: amount.payer_refund,
        },
      },
      `REFUND.${made.status}`,
      made.status === 'SUCCESS' ? '退款成功' : '退款异常',
    );
  }

  /** Emits a settled refund's notice to the notify URL its request named, if it named one. */
  function noticeRefund(made: Refund) {
    const url = refundNotifyUrls.get(made.out_refund_no);
    if (url && made.status !== 'PROCESSING') void emit(refundNotice(copy(made)), url);
  }

  function encryptedNotice(
    originalType: string,
    resource: object,
    eventType: string,
    summary: string,
  ): Notice {
    const nonce = nonceString(12);
    return {
      id: randomId(18),
      create_time: rfc3339(nowMs()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptGcm(standIn.merchant.apiv3Key, nonce, originalType, JSON.stringify(resource)),
        associated_data: originalType,
        nonce,
      },
    };
  }

  async function deliver(notice: Notice, url: string, opts: SendOptions, attempt: number): Promise<Delivery> {
    if (opts.delayMs) await sleep(opts.delayMs);
    const sent = opts.alterTag
      ? { ...notice, resource: { ...notice.resource, ciphertext: flipTagBit(notice.resource.ciphertext) } }
      : notice;
    const signed = JSON.stringify(sent);
    const headers = signedHeaders(signed, opts.signer ?? signer(null), opts.skewSeconds ?? 0);
    if (opts.signature) headers['wechatpay-signature'] = opts.signature;
    const body = opts.tamper ? opts.tamper(signed) : signed;
    const delivery: Delivery = {
      eventId: notice.id,
      url,
      attempt,
      status: 0,
      answer: '',
      contentType: '',
      body,
      headers,
    };
    const sending = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/4.0', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        delivery.status = res.status;
        delivery.contentType = res.headers.get('content-type') ?? '';
        delivery.answer = await res.text();
      })
      .catch((error: unknown) => {
        delivery.answer = error instanceof Error ? error.message : String(error);
      });
    inFlight.add(sending);
    try {
      await sending;
    } finally {
      inFlight.delete(sending);
    }
    standIn.notices.deliveries.push(delivery);
    return delivery;
  }

  /** Delivered, then again on the schedule until answered 2xx (WeChat Pay's retries). */
  function deliverWithRetries(notice: Notice, url: string, attempt = 1) {
    const sending = deliver(
      notice,
      url,
      { delayMs: attempt === 1 ? standIn.notices.delayMs : 0 },
      attempt,
    ).then((delivery) => {
      const wait = standIn.notices.retryScheduleMs[attempt - 1];
      if (delivery.status >= 200 && delivery.status < 300) return;
      if (wait === undefined) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliverWithRetries(notice, url, attempt + 1);
      }, wait);
      timers.add(timer);
    });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  async function emit(notice: Notice, url: string) {
    standIn.notices.events.push(notice);
    noticeOrder.set(notice.id, url);
    if (standIn.notices.hold) {
      queue.push(notice);
      return;
    }
    deliverWithRetries(notice, url);
  }

  const urlOf = (notice: Notice) => {
    const url = noticeOrder.get(notice.id);
    if (!url) throw new Error(`no notify URL for notice ${notice.id}`);
    return url;
  };

  // ---- Pages --------------------------------------------------------------------------------

  function payerPage(order: Order, notice?: string): string {
    const tx = order.transaction;
    const amount = `¥${(tx.amount.total / 100).toFixed(2)}`;
    const open = tx.trade_state === 'NOTPAY' || tx.trade_state === 'USERPAYING';
    return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>微信支付 stand-in</title></head>
<body><p>WeChat Pay stand-in · test mode</p>
<h1>${escapeHtml(order.description)}</h1><p data-testid="amount">${escapeHtml(amount)}</p>
<p data-testid="state">${escapeHtml(tx.trade_state)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post"><button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="decline">Decline</button></form>`
    : ''
}
</body></html>`;
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, order: Order | undefined, url: URL) {
    const html = (status: number, page: string) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    if (!order) return html(404, '<!doctype html><title>Not found</title><h1>订单不存在</h1>');
    expireIfDue(order);
    if (req.method !== 'POST') return html(200, payerPage(order));
    const action = new URLSearchParams(await readBody(req)).get('action');
    if (action !== 'pay' && action !== 'decline') return html(400, payerPage(order, 'Choose pay or decline'));
    const refused = await payOrder(order, action);
    if (refused) return html(409, payerPage(order, refused));
    const back = url.searchParams.get('redirect_url');
    if (action === 'pay' && back) return res.writeHead(303, { location: back }).end();
    return html(200, payerPage(order));
  }

  async function payJsapi(bridge: Record<string, string>): Promise<{ status: number; err_msg: string }> {
    const {
      appId = '',
      timeStamp = '',
      nonceStr = '',
      package: pkg = '',
      signType = '',
      paySign = '',
    } = bridge;
    const order = byPrepay.get(pkg.replace(/^prepay_id=/, ''));
    if (order?.transaction.trade_type !== 'JSAPI')
      return { status: 404, err_msg: 'get_brand_wcpay_request:fail' };
    if (appId !== order.transaction.appid || signType !== 'RSA') {
      return { status: 400, err_msg: 'get_brand_wcpay_request:fail' };
    }
    // WeChat checks paySign with the merchant's key before the payer sees the sheet.
    if (
      !verifySha256WithRsa(merchantKeys.publicKey, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, paySign)
    ) {
      return { status: 400, err_msg: 'get_brand_wcpay_request:fail' };
    }
    const refused = await payOrder(order, 'pay');
    return refused
      ? { status: 409, err_msg: 'get_brand_wcpay_request:fail' }
      : { status: 200, err_msg: 'get_brand_wcpay_request:ok' };
  }

  // ---- HTTP ---------------------------------------------------------------------------------

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const failed = (error: unknown) => {
      if (res.headersSent) return res.destroy();
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify(wechatError('SYSTEM_ERROR', error instanceof Error ? error.message : 'error')));
    };
    const native = /^\/pay\/native\/([^/]+)$/.exec(url.pathname)?.[1];
    if (native) return void handlePage(req, res, byToken.get(native), url).catch(failed);
    if (url.pathname === '/cgi-bin/mmpayweb-bin/checkmweb') {
      return void handlePage(req, res, byPrepay.get(url.searchParams.get('prepay_id') ?? ''), url).catch(
        failed,
      );
    }
    if (url.pathname === '/jsapi/pay' && req.method === 'POST') {
      return void readBody(req)
        .then(async (text) => {
          const answer = await payJsapi(JSON.parse(text) as Record<string, string>);
          res
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ err_msg: answer.err_msg }));
        })
        .catch(failed);
    }
    if (url.pathname.startsWith('/v3/')) return void handleApi(req, res, url).catch(failed);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  base = `http://${host}:${port}`;
  pageBase = (options.publicUrl ?? base).replace(/\/+$/, '');

  const orderOrThrow = (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    expireIfDue(order);
    return order;
  };

  const standIn: WechatpayStandIn = {
    url: base,
    merchant: {
      mchid: digits(10),
      appid: `wx${randomId(8)}`,
      jsapiAppid: `wx${randomId(8)}`,
      serial: merchantCert.serialNumber.toUpperCase(),
      privateKeyPem: pem.private(merchantKeys.privateKey),
      // 32 characters, as WeChat Pay's merchant platform makes them.
      apiv3Key: nonceString(32),
    },
    publicKey: { id: publicKeyId, pem: pem.public(createPublicKey(publicKeyPair.privateKey)) },
    mode,
    certificates,
    async rotate() {
      const fresh = await makeCertificate();
      this.certificates.unshift(fresh);
      return fresh.serial;
    },
    vaultValues() {
      return {
        mchid: this.merchant.mchid,
        appid: this.merchant.appid,
        jsapi_appid: this.merchant.jsapiAppid,
        merchant_private_key: this.merchant.privateKeyPem,
        merchant_serial: this.merchant.serial,
        apiv3_key: this.merchant.apiv3Key,
        base_url: this.url,
        ...(this.mode === 'public_key'
          ? { public_key_id: this.publicKey.id, public_key: this.publicKey.pem }
          : {}),
      };
    },
    requests,
    order: (outTradeNo) => copy(orderOrThrow(outTradeNo).transaction),
    orders: () => [...orders.values()].map((order) => copy(order.transaction)),
    refunds: () => [...refunds.values()].map(copy),
    refundsProcessing: false,
    settleRefunds() {
      for (const made of refunds.values()) {
        if (made.status !== 'PROCESSING') continue;
        made.status = 'SUCCESS';
        made.success_time = rfc3339(nowMs());
        noticeRefund(made);
      }
    },
    notifyUrlOf: (outTradeNo) => orderOrThrow(outTradeNo).notifyUrl,
    pay: async (outTradeNo, how = 'pay') => {
      const refused = await payOrder(orderOrThrow(outTradeNo), how);
      if (refused) throw new Error(`order ${outTradeNo}: ${refused}`);
    },
    payJsapi,
    clockSkewSeconds: 0,
    failNext: (method, path, status, code, times = 1) => {
      scripted.push({ method, path, status, code, times });
    },
    notices: {
      hold: false,
      delayMs: 0,
      retryScheduleMs: options.retryScheduleMs ?? WECHATPAY_RETRY_SCHEDULE_MS,
      events: [],
      deliveries: [],
      queued: () => [...queue],
      clear: () => {
        queue.splice(0, queue.length);
      },
      async flush(order = 'as_made') {
        const notices = queue.splice(0, queue.length);
        if (order === 'reversed') notices.reverse();
        const delivered: Delivery[] = [];
        for (const notice of notices) delivered.push(await deliver(notice, urlOf(notice), {}, 1));
        return delivered;
      },
      async send(notice, opts = {}) {
        const found = typeof notice === 'string' ? this.events.find((event) => event.id === notice) : notice;
        if (!found) throw new Error(`no notice ${String(notice)}`);
        return deliver(found, opts.url ?? urlOf(found), opts, 1);
      },
      async replay(eventId, times, concurrent = true) {
        if (concurrent) return Promise.all(Array.from({ length: times }, () => this.send(eventId)));
        const delivered: Delivery[] = [];
        for (let i = 0; i < times; i += 1) delivered.push(await this.send(eventId));
        return delivered;
      },
      forge(outTradeNo, patch) {
        const order = orderOrThrow(outTradeNo);
        const notice = makeNotice(
          { ...copy(order.transaction), ...patch },
          'TRANSACTION.SUCCESS',
          '支付成功',
        );
        noticeOrder.set(notice.id, order.notifyUrl);
        return notice;
      },
      async probe(url) {
        const notice = makeNotice(
          {
            appid: standIn.merchant.appid,
            mchid: standIn.merchant.mchid,
            out_trade_no: `SIGNTEST${digits(10)}`,
            trade_type: 'NATIVE',
            trade_state: 'SUCCESS',
            trade_state_desc: STATE_TEXT.SUCCESS,
            amount: { total: 1, currency: 'CNY', payer_total: 1, payer_currency: 'CNY' },
          },
          'TRANSACTION.SUCCESS',
          '支付成功',
        );
        return deliver(notice, url, { signature: `WECHATPAY/SIGNTEST/${randomId(32)}` }, 1);
      },
      async idle() {
        while (inFlight.size > 0 || timers.size > 0) {
          if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
          else await sleep(5);
        }
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
