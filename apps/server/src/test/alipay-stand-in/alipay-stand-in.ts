import type { KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AlipayCertificates, issueCertificate, makeAlipayCertificates } from './certificates';
import {
  chinaTime,
  digits,
  fenOf,
  parseChinaTime,
  parseV3Authorization,
  pem,
  randomId,
  readForm,
  rsa2,
  rsaKeys,
  sortedParams,
  v3AnswerMessage,
  v3RequestMessage,
  verifyRsa2,
  yuanOf,
} from './protocol';

/**
 * A local stand-in for Alipay's open platform, kept in the repository so the Alipay path is
 * tested (and demoed) over real HTTP without the internet. It holds one app (its keys and
 * Alipay's own made at start: nothing secret is committed) and speaks as Alipay does:
 *
 * - OpenAPI v3 (`/v3/alipay/trade/precreate | query | close | refund | fastpay/refund/query`):
 *   the app's `ALIPAY-SHA256withRSA` authorization checked (signature and clock, else
 *   `401 invalid-signature`), every answer signed with Alipay's key, business errors as
 *   `{ code, message }` (`ACQ.TRADE_NOT_EXIST`, `ACQ.TRADE_STATUS_ERROR`, …);
 * - the v2 gateway `gateway.do`: the signed page-pay and wap-pay forms open a cashier page (pay or
 *   decline; with `qr_pay_mode` 4 a page holding only the code, `qrcode_width` wide); the trade is
 *   made when the payer opens it, as Alipay's is; `alipay.trade.query` answered signed as v2 does;
 * - asynchronous notices (form posts signed with Alipay's key) to the trade's `notify_url`, for a
 *   payment and after each refund (`refund_fee`, `gmt_refund`, `out_biz_no`),
 *   delivered again until answered exactly `success`, on Alipay's schedule (compressed for
 *   tests), with controls to hold and reorder, delay, replay (at once), tamper with a byte after
 *   signing, sign with the app's key instead, forge parameters, skew the clock and rotate
 *   Alipay's key; the cashier then sends the browser to `return_url` with signed parameters;
 * - certificate mode (`mode: 'certificate'`, certificates made at start, `certificates.ts`): every
 *   request must carry the app certificate's SN (`app_cert_sn`, in the v3 authorization or the
 *   gateway's parameters) and the root certificate's (`alipay_root_cert_sn`, a v3 header
 *   `alipay-root-cert-sn`), else it is refused; answers and notices are signed with the Alipay
 *   public-key certificate's key and name it (`alipay-sn`, `alipay_cert_sn`).
 *
 * Its crypto is its own (`node:crypto`, `protocol.ts`), not the SDK's the app uses. Run by hand:
 * `npm run alipay:stand-in -w @app/server` (main.ts).
 */

/** Alipay's notice retries: 4m, 10m, 10m, 1h, 2h, 6h, 15h. */
export const ALIPAY_RETRY_SCHEDULE_MS = [4 * 60, 10 * 60, 10 * 60, 3600, 7200, 6 * 3600, 15 * 3600].map(
  (seconds) => seconds * 1000,
);

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface Trade {
  out_trade_no: string;
  trade_no: string;
  trade_status: TradeStatus;
  total_amount: string;
  subject: string;
  product_code: string;
  buyer_id: string | null;
  gmt_create: string;
  gmt_payment: string | null;
  /** Fen refunded so far. */
  refunded: number;
  notifyUrl: string;
  returnUrl: string;
  timeExpire: number | null;
}

export interface AlipayRefund {
  out_trade_no: string;
  trade_no: string;
  out_request_no: string;
  refund_amount: string;
  gmt_refund_pay: string;
}

export interface RecordedRequest {
  /** `v3` calls, or the gateway's method (`alipay.trade.page.pay`, …). */
  api: string;
  method: string;
  path: string;
  body: string;
  params: Record<string, string>;
  status: number;
}

export interface Delivery {
  notifyId: string;
  url: string;
  attempt: number;
  status: number;
  answer: string;
  body: string;
}

export interface SendOptions {
  /** Changes the body after it was signed. */
  tamper?: (body: string) => string;
  /** Signs with this key (the app's own, say) instead of Alipay's. */
  signWith?: KeyObject;
  /** Certificate mode: names this certificate SN (`alipay_cert_sn`) instead, signed again. */
  certSn?: string;
  delayMs?: number;
}

export interface AlipayStandInOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  retryScheduleMs?: readonly number[];
  /** `certificate`: Alipay's certificate mode (公钥证书); else its public-key mode. */
  mode?: 'public_key' | 'certificate';
}

export interface AlipayStandIn {
  /** The OpenAPI v3 base: the vault's `base_url`. */
  url: string;
  /** The v2 gateway: the vault's `gateway`. */
  gateway: string;
  app: { appId: string; privateKeyPem: string; publicKeyPem: string; privateKey: KeyObject };
  /** Alipay's public key (what the vault's `alipay_public_key` holds). */
  alipayPublicKeyPem(): string;
  /** Alipay signs with a new key from now on (the vault must then be given its public key). */
  rotateKey(): void;
  mode: 'public_key' | 'certificate';
  /** Certificate mode: the root, Alipay's and the app's certificates (null in public-key mode). */
  certificates: AlipayCertificates | null;
  /** Certificate mode: Alipay signs from now on with a new certificate the same root issued. */
  rotateCertificate(): Promise<void>;
  vaultValues(): Record<string, string>;
  requests: RecordedRequest[];
  trade(outTradeNo: string): Trade;
  hasTrade(outTradeNo: string): boolean;
  trades(): Trade[];
  refunds(): AlipayRefund[];
  /**
   * The next this many refunds are made but their answers lost (a 504, as a timeout would be): the
   * caller cannot know, and only the refund's notice or a query tells it.
   */
  loseRefundAnswers: number;
  /** Submits a page-pay or wap-pay form (the HTML `alipay_form`) as a browser would: the cashier page. */
  submitForm(html: string): Promise<{ status: number; html: string }>;
  /** Opens a gateway address (the `alipay_qrcode` page) as a browser would. */
  open(url: string): Promise<{ status: number; html: string }>;
  /** The cashier's buttons: answers where it sends the browser (`return_url` with signed parameters). */
  pay(outTradeNo: string, how?: 'pay' | 'decline'): Promise<string | null>;
  clockSkewSeconds: number;
  notices: {
    hold: boolean;
    delayMs: number;
    retryScheduleMs: readonly number[];
    /** Each notice's parameters (signed), in the order made. */
    events: Record<string, string>[];
    deliveries: Delivery[];
    queued(): Record<string, string>[];
    clear(): void;
    flush(order?: 'as_made' | 'reversed'): Promise<Delivery[]>;
    send(notice: Record<string, string> | string, options?: SendOptions): Promise<Delivery>;
    replay(notifyId: string, times: number, concurrent?: boolean): Promise<Delivery[]>;
    /** A notice for the trade, signed by Alipay, whose parameters say what the test wants. */
    forge(outTradeNo: string, patch: Record<string, string>): Record<string, string>;
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

const OUT_TRADE_NO = /^[A-Za-z0-9_]{1,64}$/;
const PRODUCT_OF_METHOD: Record<string, string> = {
  'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY',
  'alipay.trade.wap.pay': 'QUICK_WAP_WAY',
};

export async function startAlipayStandIn(options: AlipayStandInOptions = {}): Promise<AlipayStandIn> {
  const appKeys = rsaKeys();
  let alipayKeys = rsaKeys();
  const mode = options.mode ?? 'public_key';
  const certificates = mode === 'certificate' ? await makeAlipayCertificates(appKeys) : null;
  if (certificates) {
    alipayKeys = {
      privateKey: certificates.alipay.privateKey,
      publicKey: certificates.alipay.certificate.publicKey,
    };
  }
  const appId = `2021${digits(12)}`;
  const sellerId = `2088${digits(12)}`;
  const requests: RecordedRequest[] = [];
  const trades = new Map<string, Trade>();
  const tokens = new Map<string, string>();
  const refunds = new Map<string, AlipayRefund>();
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const queue: Record<string, string>[] = [];
  let base = '';
  let pageBase = '';

  const nowMs = () => Date.now() + standIn.clockSkewSeconds * 1000;
  const copy = <T>(value: T): T => structuredClone(value);

  // ---- Trades -------------------------------------------------------------------------------

  function expireIfDue(trade: Trade) {
    if (trade.trade_status === 'WAIT_BUYER_PAY' && trade.timeExpire !== null && nowMs() > trade.timeExpire) {
      trade.trade_status = 'TRADE_CLOSED';
    }
  }

  type Failure = { status: number; code: string; message: string };
  const failure = (status: number, code: string, message: string): Failure => ({ status, code, message });
  const isFailure = (value: unknown): value is Failure =>
    typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

  /** A page-pay or wap-pay request opens (or reopens) its trade, as Alipay's cashier does. */
  function openTrade(method: string, params: Record<string, string>): Trade | Failure {
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return failure(400, 'isv.invalid-parameter', 'biz_content 不是 JSON');
    }
    const outTradeNo = String(biz.out_trade_no ?? '');
    if (!OUT_TRADE_NO.test(outTradeNo)) return failure(400, 'isv.invalid-parameter', 'out_trade_no 不正确');
    const totalAmount = String(biz.total_amount ?? '');
    if (fenOf(totalAmount) === null) return failure(400, 'isv.invalid-parameter', 'total_amount 不正确');
    const subject = String(biz.subject ?? '');
    if (!subject || subject.length > 256) return failure(400, 'isv.invalid-parameter', 'subject 不正确');
    if (biz.product_code !== PRODUCT_OF_METHOD[method]) {
      return failure(400, 'isv.invalid-parameter', 'product_code 与接口不符');
    }
    if (biz.qr_pay_mode !== undefined) {
      if (!['0', '1', '2', '3', '4'].includes(String(biz.qr_pay_mode))) {
        return failure(400, 'isv.invalid-parameter', 'qr_pay_mode 不正确');
      }
      if (String(biz.qr_pay_mode) === '4' && !Number.isInteger(Number(biz.qrcode_width))) {
        return failure(400, 'isv.invalid-parameter', 'qrcode_width 不正确');
      }
    }
    let timeExpire: number | null = null;
    if (biz.time_expire !== undefined) {
      timeExpire = parseChinaTime(String(biz.time_expire));
      if (Number.isNaN(timeExpire)) return failure(400, 'isv.invalid-parameter', 'time_expire 格式不正确');
    }
    const existing = trades.get(outTradeNo);
    if (existing) {
      expireIfDue(existing);
      if (existing.total_amount !== totalAmount) {
        return failure(400, 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      }
      return existing;
    }
    if (timeExpire !== null && timeExpire <= nowMs())
      return failure(400, 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    const trade: Trade = {
      out_trade_no: outTradeNo,
      trade_no: `${new Date(nowMs()).toISOString().slice(0, 10).replaceAll('-', '')}22001${digits(17)}`,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: totalAmount,
      subject,
      product_code: String(biz.product_code),
      buyer_id: null,
      gmt_create: chinaTime(nowMs()),
      gmt_payment: null,
      refunded: 0,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      timeExpire,
    };
    trades.set(outTradeNo, trade);
    tokens.set(randomId(12), outTradeNo);
    return trade;
  }

  const tokenOf = (outTradeNo: string) => [...tokens].find(([, no]) => no === outTradeNo)?.[0] ?? '';

  async function payTrade(trade: Trade, how: 'pay' | 'decline'): Promise<string | null | Failure> {
    expireIfDue(trade);
    if (trade.trade_status !== 'WAIT_BUYER_PAY')
      return failure(409, 'ACQ.TRADE_STATUS_ERROR', trade.trade_status);
    if (how === 'decline') return null;
    trade.trade_status = 'TRADE_SUCCESS';
    trade.buyer_id = `2088${digits(12)}`;
    trade.gmt_payment = chinaTime(nowMs());
    if (trade.notifyUrl) await emit(noticeOf(trade));
    return returnTo(trade);
  }

  /** Where the cashier sends the browser: `return_url` with signed parameters (navigation only). */
  function returnTo(trade: Trade): string | null {
    if (!trade.returnUrl) return null;
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.out_trade_no,
      method:
        trade.product_code === 'QUICK_WAP_WAY'
          ? 'alipay.trade.wap.pay.return'
          : 'alipay.trade.page.pay.return',
      total_amount: trade.total_amount,
      trade_no: trade.trade_no,
      auth_app_id: appId,
      version: '1.0',
      app_id: appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
      timestamp: chinaTime(nowMs()),
    };
    params.sign = rsa2(alipayKeys.privateKey, sortedParams(params, ['sign', 'sign_type']));
    const url = new URL(trade.returnUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  function tradeAnswer(trade: Trade) {
    const fen = fenOf(trade.total_amount) ?? 0;
    const paid = trade.trade_status === 'TRADE_SUCCESS' || trade.trade_status === 'TRADE_FINISHED';
    return {
      trade_no: trade.trade_no,
      out_trade_no: trade.out_trade_no,
      trade_status: trade.trade_status,
      total_amount: trade.total_amount,
      buyer_pay_amount: paid ? trade.total_amount : '0.00',
      receipt_amount: paid ? yuanOf(fen - trade.refunded) : '0.00',
      send_pay_date: trade.gmt_payment ?? undefined,
      buyer_user_id: trade.buyer_id ?? undefined,
      subject: trade.subject,
    };
  }

  function refund(input: Record<string, unknown>): unknown {
    const trade = trades.get(String(input.out_trade_no ?? ''));
    if (!trade) return failure(400, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    const asked = fenOf(String(input.refund_amount ?? ''));
    if (asked === null) return failure(400, 'isv.invalid-parameter', 'refund_amount 不正确');
    const requestNo = String(input.out_request_no ?? trade.out_trade_no);
    const seen = refunds.get(`${trade.out_trade_no}/${requestNo}`);
    // The same `out_request_no` again: the refund already made, and no money moves (fund_change N).
    if (seen) {
      if (fenOf(seen.refund_amount) !== asked)
        return failure(400, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额不一致');
      return { ...refundAnswer(trade), fund_change: 'N' };
    }
    if (trade.trade_status !== 'TRADE_SUCCESS')
      return failure(400, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    const total = fenOf(trade.total_amount) ?? 0;
    if (asked > total - trade.refunded) return failure(400, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    trade.refunded += asked;
    if (trade.refunded === total) trade.trade_status = 'TRADE_CLOSED';
    refunds.set(`${trade.out_trade_no}/${requestNo}`, {
      out_trade_no: trade.out_trade_no,
      trade_no: trade.trade_no,
      out_request_no: requestNo,
      refund_amount: yuanOf(asked),
      gmt_refund_pay: chinaTime(nowMs()),
    });
    // Alipay's refund notice: the trade's notice again with what was refunded so far (`refund_fee`),
    // when (`gmt_refund`) and under which number (`out_biz_no`); TRADE_CLOSED once all is refunded.
    if (trade.notifyUrl)
      void emit(
        noticeOf(trade, {
          refund_fee: yuanOf(trade.refunded),
          gmt_refund: `${chinaTime(nowMs())}.000`,
          out_biz_no: requestNo,
        }),
      );
    return { ...refundAnswer(trade), fund_change: 'Y' };
  }

  const refundAnswer = (trade: Trade) => ({
    trade_no: trade.trade_no,
    out_trade_no: trade.out_trade_no,
    buyer_logon_id: 'sta***@example.com',
    refund_fee: yuanOf(trade.refunded),
  });

  function v3(path: string, input: Record<string, unknown>): unknown {
    const outTradeNo = String(input.out_trade_no ?? '');
    const trade = trades.get(outTradeNo);
    if (trade) expireIfDue(trade);
    switch (path) {
      case '/v3/alipay/trade/precreate': {
        const made = openTrade('alipay.trade.page.pay', {
          biz_content: JSON.stringify({ ...input, product_code: 'FAST_INSTANT_TRADE_PAY' }),
          notify_url: String(input.notify_url ?? ''),
        });
        if (isFailure(made)) return made;
        return {
          out_trade_no: made.out_trade_no,
          qr_code: `${pageBase}/cashier/${tokenOf(made.out_trade_no)}`,
        };
      }
      case '/v3/alipay/trade/query':
        return trade ? tradeAnswer(trade) : failure(400, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      case '/v3/alipay/trade/close':
        if (!trade) return failure(400, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.trade_status !== 'WAIT_BUYER_PAY')
          return failure(400, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.trade_status = 'TRADE_CLOSED';
        return { trade_no: trade.trade_no, out_trade_no: trade.out_trade_no };
      case '/v3/alipay/trade/refund':
        return refund(input);
      case '/v3/alipay/trade/fastpay/refund/query': {
        const found = refunds.get(`${outTradeNo}/${String(input.out_request_no ?? outTradeNo)}`);
        if (!trade) return failure(400, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        return found
          ? { ...found, total_amount: trade.total_amount, refund_status: 'REFUND_SUCCESS' }
          : { out_trade_no: outTradeNo, trade_no: trade.trade_no };
      }
      default:
        return failure(404, 'resource-not-found', `无此接口 ${path}`);
    }
  }

  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };

  /** Certificate mode: the app certificate's and the root certificate's SN must be the ones issued. */
  function certSnFailure(appCertSn: string | undefined, rootCertSn: string | undefined): Failure | null {
    if (!certificates) return null;
    if (appCertSn !== certificates.app.sn)
      return failure(401, 'isv.app-cert-sn-not-match', '应用公钥证书SN（app_cert_sn）不匹配');
    if (rootCertSn !== certificates.rootSn)
      return failure(401, 'isv.alipay-root-cert-sn-not-match', '支付宝根证书SN（alipay_root_cert_sn）不匹配');
    return null;
  }

  function writeV3(res: ServerResponse, record: RecordedRequest, status: number, body: unknown) {
    record.status = status;
    const text = JSON.stringify(body);
    const timestamp = String(nowMs());
    const nonce = randomId(16);
    res
      .writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'alipay-trace-id': randomId(12),
        'alipay-timestamp': timestamp,
        'alipay-nonce': nonce,
        'alipay-signature': rsa2(alipayKeys.privateKey, v3AnswerMessage(timestamp, nonce, text)),
        ...(certificates ? { 'alipay-sn': certificates.alipay.sn } : {}),
      })
      .end(text);
  }

  async function handleV3(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBody(req);
    const record: RecordedRequest = {
      api: 'v3',
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      params: {},
      status: 0,
    };
    requests.push(record);
    const auth = parseV3Authorization(
      typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined,
    );
    const stamp = Number(auth?.fields.timestamp);
    if (
      !auth ||
      auth.fields.app_id !== appId ||
      !verifyRsa2(
        appKeys.publicKey,
        v3RequestMessage(auth.authString, record.method, `${url.pathname}${url.search}`, body),
        auth.sign,
      )
    ) {
      return writeV3(res, record, 401, {
        code: 'invalid-signature',
        message: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
      });
    }
    const wrongSn = certSnFailure(auth.fields.app_cert_sn, header(req, 'alipay-root-cert-sn'));
    if (wrongSn) return writeV3(res, record, 401, { code: wrongSn.code, message: wrongSn.message });
    if (!Number.isFinite(stamp) || Math.abs(stamp - nowMs()) > 5 * 60_000) {
      return writeV3(res, record, 401, { code: 'invalid-timestamp', message: '请求时间戳已过期' });
    }
    let input: Record<string, unknown> = {};
    try {
      input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      return writeV3(res, record, 400, { code: 'invalid-parameter', message: '请求体不是JSON' });
    }
    const answer = v3(url.pathname, input);
    if (url.pathname === '/v3/alipay/trade/refund' && !isFailure(answer) && standIn.loseRefundAnswers > 0) {
      standIn.loseRefundAnswers -= 1;
      return writeV3(res, record, 504, { code: 'aop.ACQ.SYSTEM_ERROR', message: '网关超时' });
    }
    if (isFailure(answer))
      return writeV3(res, record, answer.status, { code: answer.code, message: answer.message });
    return writeV3(res, record, 200, answer);
  }

  // ---- The gateway --------------------------------------------------------------------------

  function cashierPage(trade: Trade, width: number | null, notice?: string): string {
    const token = tokenOf(trade.out_trade_no);
    const open = trade.trade_status === 'WAIT_BUYER_PAY';
    if (width !== null) {
      // qr_pay_mode 4: only the code, `qrcode_width` wide (here a link standing for it).
      return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付宝 stand-in</title></head>
<body style="margin:0"><a data-testid="qrcode" href="${escapeHtml(`${pageBase}/cashier/${token}`)}" style="display:block;width:${width}px;height:${width}px">Alipay code ¥${escapeHtml(trade.total_amount)}</a></body></html>`;
    }
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付宝 stand-in</title></head>
<body><p>Alipay stand-in · test mode</p><h1>${escapeHtml(trade.subject)}</h1>
<p data-testid="amount">¥${escapeHtml(trade.total_amount)}</p><p data-testid="state">${escapeHtml(trade.trade_status)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post" action="/cashier/${escapeHtml(token)}"><button type="submit" name="action" value="pay">Pay ¥${escapeHtml(trade.total_amount)}</button>
<button type="submit" name="action" value="decline">Decline</button></form>`
    : ''
}</body></html>`;
  }

  /** Answers a v2 JSON call signed over its `<method>_response` object, as the gateway does. */
  function gatewayJson(res: ServerResponse, record: RecordedRequest, method: string, response: object) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(response);
    const sign = rsa2(alipayKeys.privateKey, inner);
    record.status = 200;
    res
      .writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      .end(
        `{"${key}":${inner},${certificates ? `"alipay_cert_sn":"${certificates.alipay.sn}",` : ''}"sign":"${sign}"}`,
      );
  }

  async function handleGateway(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
    const method = params.method ?? '';
    const record: RecordedRequest = {
      api: method,
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      params,
      status: 0,
    };
    requests.push(record);
    const html = (status: number, page: string) => {
      record.status = status;
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    };
    const signed =
      params.app_id === appId &&
      params.sign_type === 'RSA2' &&
      verifyRsa2(appKeys.publicKey, sortedParams(params, ['sign']), params.sign ?? '');
    const wrongSn = certSnFailure(params.app_cert_sn, params.alipay_root_cert_sn);
    if (signed && wrongSn) {
      if (method === 'alipay.trade.query') {
        return gatewayJson(res, record, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: wrongSn.code,
          sub_msg: wrongSn.message,
        });
      }
      return html(
        400,
        `<!doctype html><h1>错误代码 ${escapeHtml(wrongSn.code)}</h1><p>${escapeHtml(wrongSn.message)}</p>`,
      );
    }
    if (method === 'alipay.trade.query') {
      if (!signed) {
        return gatewayJson(res, record, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      }
      let biz: Record<string, unknown> = {};
      try {
        biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
      } catch {
        biz = {};
      }
      const trade = trades.get(String(biz.out_trade_no ?? ''));
      return gatewayJson(
        res,
        record,
        method,
        trade
          ? { code: '10000', msg: 'Success', ...tradeAnswer(trade) }
          : {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_NOT_EXIST',
              sub_msg: '交易不存在',
              out_trade_no: String(biz.out_trade_no ?? ''),
            },
      );
    }
    if (!PRODUCT_OF_METHOD[method])
      return html(400, `<!doctype html><h1>invalid-method</h1><p>${escapeHtml(method)}</p>`);
    if (!signed) return html(400, '<!doctype html><h1>错误代码 invalid-signature</h1><p>验签出错</p>');
    const opened = openTrade(method, params);
    if (isFailure(opened))
      return html(
        400,
        `<!doctype html><h1>错误代码 ${escapeHtml(opened.code)}</h1><p>${escapeHtml(opened.message)}</p>`,
      );
    const biz = JSON.parse(params.biz_content ?? '{}') as { qr_pay_mode?: unknown; qrcode_width?: unknown };
    const width = String(biz.qr_pay_mode) === '4' ? Number(biz.qrcode_width) : null;
    return html(200, cashierPage(opened, width));
  }

  async function handleCashier(req: IncomingMessage, res: ServerResponse, token: string) {
    const outTradeNo = tokens.get(token);
    const trade = outTradeNo ? trades.get(outTradeNo) : undefined;
    const html = (status: number, page: string) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    if (!trade) return html(404, '<!doctype html><h1>交易不存在</h1>');
    expireIfDue(trade);
    if (req.method !== 'POST') return html(200, cashierPage(trade, null));
    const action = new URLSearchParams(await readBody(req)).get('action');
    if (action !== 'pay' && action !== 'decline')
      return html(400, cashierPage(trade, null, 'Choose pay or decline'));
    const done = await payTrade(trade, action);
    if (isFailure(done)) return html(409, cashierPage(trade, null, done.message));
    if (done) return res.writeHead(303, { location: done }).end();
    return html(200, cashierPage(trade, null, action === 'decline' ? 'Declined' : undefined));
  }

  // ---- Notices ------------------------------------------------------------------------------

  function sign(params: Record<string, string>, key: KeyObject): Record<string, string> {
    const signed: Record<string, string> = { ...params, sign_type: 'RSA2' };
    delete signed.sign;
    return { ...signed, sign: rsa2(key, sortedParams(signed, ['sign', 'sign_type'])) };
  }

  function noticeOf(trade: Trade, patch: Record<string, string> = {}): Record<string, string> {
    const now = chinaTime(nowMs());
    return sign(
      {
        gmt_create: trade.gmt_create,
        charset: 'utf-8',
        seller_email: 'merchant@example.com',
        subject: trade.subject,
        buyer_id: trade.buyer_id ?? `2088${digits(12)}`,
        invoice_amount: trade.total_amount,
        notify_id: `2026${randomId(14)}`,
        fund_bill_list: JSON.stringify([{ amount: trade.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        trade_status: trade.trade_status,
        receipt_amount: trade.total_amount,
        buyer_pay_amount: trade.total_amount,
        app_id: appId,
        seller_id: sellerId,
        gmt_payment: trade.gmt_payment ?? now,
        notify_time: now,
        version: '1.0',
        out_trade_no: trade.out_trade_no,
        total_amount: trade.total_amount,
        trade_no: trade.trade_no,
        auth_app_id: appId,
        point_amount: '0.00',
        ...(certificates ? { alipay_cert_sn: certificates.alipay.sn } : {}),
        ...patch,
      },
      alipayKeys.privateKey,
    );
  }

  const urlOfNotice = (notice: Record<string, string>) => {
    const trade = trades.get(notice.out_trade_no ?? '');
    if (!trade?.notifyUrl) throw new Error(`no notify_url for ${notice.out_trade_no}`);
    return trade.notifyUrl;
  };

  async function deliver(
    notice: Record<string, string>,
    opts: SendOptions,
    attempt: number,
  ): Promise<Delivery> {
    if (opts.delayMs) await sleep(opts.delayMs);
    const named = opts.certSn === undefined ? notice : { ...notice, alipay_cert_sn: opts.certSn };
    const params =
      opts.signWith || opts.certSn !== undefined
        ? sign(named, opts.signWith ?? alipayKeys.privateKey)
        : notice;
    const signedBody = new URLSearchParams(params).toString();
    const body = opts.tamper ? opts.tamper(signedBody) : signedBody;
    const url = urlOfNotice(notice);
    const delivery: Delivery = {
      notifyId: notice.notify_id ?? '',
      url,
      attempt,
      status: 0,
      answer: '',
      body,
    };
    const sending = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        delivery.status = res.status;
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

  /** Delivered, then again on the schedule until answered exactly `success` (Alipay's retries). */
  function deliverWithRetries(notice: Record<string, string>, attempt = 1) {
    const sending = deliver(notice, { delayMs: attempt === 1 ? standIn.notices.delayMs : 0 }, attempt).then(
      (delivery) => {
        const wait = standIn.notices.retryScheduleMs[attempt - 1];
        if (delivery.answer === 'success' || wait === undefined) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          deliverWithRetries(notice, attempt + 1);
        }, wait);
        timers.add(timer);
      },
    );
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  async function emit(notice: Record<string, string>) {
    standIn.notices.events.push(notice);
    if (standIn.notices.hold) {
      queue.push(notice);
      return;
    }
    deliverWithRetries(notice);
  }

  // ---- HTTP ---------------------------------------------------------------------------------

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const failed = (error: unknown) => {
      if (res.headersSent) return res.destroy();
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ code: 'unknow-error', message: error instanceof Error ? error.message : 'error' }),
        );
    };
    if (url.pathname.startsWith('/v3/')) return void handleV3(req, res, url).catch(failed);
    if (url.pathname === '/gateway.do') return void handleGateway(req, res, url).catch(failed);
    const cashier = /^\/cashier\/([^/]+)$/.exec(url.pathname)?.[1];
    if (cashier) return void handleCashier(req, res, cashier).catch(failed);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  base = `http://${host}:${port}`;
  pageBase = (options.publicUrl ?? base).replace(/\/+$/, '');

  const tradeOrThrow = (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    expireIfDue(trade);
    return trade;
  };

  const browse = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  };

  const standIn: AlipayStandIn = {
    url: base,
    gateway: `${base}/gateway.do`,
    app: {
      appId,
      privateKeyPem: pem.private(appKeys.privateKey),
      publicKeyPem: pem.public(appKeys.publicKey),
      privateKey: appKeys.privateKey,
    },
    alipayPublicKeyPem: () => pem.public(alipayKeys.publicKey),
    rotateKey: () => {
      alipayKeys = rsaKeys();
    },
    mode,
    certificates,
    async rotateCertificate() {
      if (!certificates) throw new Error('certificate mode only');
      const keys = rsaKeys();
      const issued = await issueCertificate(
        certificates.root,
        keys,
        'Alipay public key stand-in (rotated)',
        new Date(Date.now() + 1825 * 24 * 3600_000),
      );
      certificates.alipay = { ...issued, privateKey: keys.privateKey };
      alipayKeys = keys;
    },
    vaultValues() {
      const common = {
        app_id: appId,
        app_private_key: pem.private(appKeys.privateKey),
        base_url: base,
        gateway: `${base}/gateway.do`,
      };
      if (!certificates) return { ...common, alipay_public_key: pem.public(alipayKeys.publicKey) };
      return {
        ...common,
        app_cert: certificates.app.pem,
        alipay_cert: certificates.alipay.pem,
        alipay_root_cert: certificates.rootPem,
      };
    },
    requests,
    trade: (outTradeNo) => copy(tradeOrThrow(outTradeNo)),
    hasTrade: (outTradeNo) => trades.has(outTradeNo),
    trades: () => [...trades.values()].map(copy),
    refunds: () => [...refunds.values()].map(copy),
    loseRefundAnswers: 0,
    async submitForm(formHtml) {
      const form = readForm(formHtml);
      return browse(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form.fields).toString(),
      });
    },
    open: (url) => browse(url),
    async pay(outTradeNo, how = 'pay') {
      const done = await payTrade(tradeOrThrow(outTradeNo), how);
      if (isFailure(done)) throw new Error(`trade ${outTradeNo}: ${done.code} ${done.message}`);
      return done;
    },
    clockSkewSeconds: 0,
    notices: {
      hold: false,
      delayMs: 0,
      retryScheduleMs: options.retryScheduleMs ?? ALIPAY_RETRY_SCHEDULE_MS,
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
        for (const notice of notices) delivered.push(await deliver(notice, {}, 1));
        return delivered;
      },
      async send(notice, opts = {}) {
        const found =
          typeof notice === 'string' ? this.events.find((event) => event.notify_id === notice) : notice;
        if (!found) throw new Error(`no notice ${String(notice)}`);
        return deliver(found, opts, 1);
      },
      async replay(notifyId, times, concurrent = true) {
        if (concurrent) return Promise.all(Array.from({ length: times }, () => this.send(notifyId)));
        const delivered: Delivery[] = [];
        for (let i = 0; i < times; i += 1) delivered.push(await this.send(notifyId));
        return delivered;
      },
      forge(outTradeNo, patch) {
        return noticeOf(tradeOrThrow(outTradeNo), patch);
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
