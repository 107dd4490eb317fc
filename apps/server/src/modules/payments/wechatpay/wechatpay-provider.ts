import { seededText } from '@app/contract/i18n/seeded-texts';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { AppError, validationError } from '../../../platform/app-error';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import {
  type ReadyWechatpayValues,
  readPrivateKey,
  wechatpayClient,
  wechatpayReady,
} from '../../foreign-keys/wechatpay-api';
import { chinaRfc3339, cutToBytes, refundNumber, tradeNumber } from '../cn-trades';
import { wechatOpenidOf } from '../payments.repo';
import {
  type Initiated,
  type InitiateInput,
  InvalidNotification,
  notifiedAmount,
  type PaymentProvider,
  type ProviderNotification,
  type RawNotification,
  RefundRefused,
  type RefundResult,
  type TradeState,
} from '../provider';
import { verifyingKeys } from './wechatpay-keys';
import { readWechatNotice, type WechatTransaction } from './wechatpay-notice';

/**
 * WeChat Pay API v3 (location `cn`, CNY bills): Native on a desktop (a code to scan), H5 on a
 * phone browser, JSAPI inside WeChat for the openid the official account's sign-in gave. The
 * payment's trade number is its provider reference. Notices are the record: each is signed by
 * WeChat Pay (checked over the raw bytes with the key its serial names, within five minutes either
 * way) and its resource is encrypted under the APIv3 key; the decrypted transaction's
 * `amount.total` (fen, not `payer_total`) and currency go to the shared handler.
 */

export const WECHATPAY_NOTIFY_PATH = '/api/payments/notify/wechatpay';

interface PluginError {
  code?: string;
  response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
}

const pluginError = (error: unknown): PluginError =>
  typeof error === 'object' && error !== null ? (error as PluginError) : {};

/** WeChat Pay's business error code of a refused call (`ORDER_NOT_EXIST`, `ORDERPAID`). */
function errorCode(error: unknown): string | null {
  const data = pluginError(error).response?.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : null;
}

/** States in which a trade can still be paid. */
const OPEN_STATES = new Set(['NOTPAY', 'USERPAYING']);

function tradeState(transaction: WechatTransaction): TradeState {
  if (transaction.trade_state === 'SUCCESS') {
    return {
      state: 'paid',
      amount: notifiedAmount(transaction.amount?.total),
      currency: typeof transaction.amount?.currency === 'string' ? transaction.amount.currency : null,
    };
  }
  return {
    state: OPEN_STATES.has(transaction.trade_state ?? '') ? 'open' : 'closed',
    amount: null,
    currency: null,
  };
}

export function wechatpayProvider(platform: Platform): PaymentProvider {
  const keys = async () => {
    const values = await readForeignKey(platform, 'wechatpay');
    return wechatpayReady(values) ? values : null;
  };
  const mustHaveKeys = async () => {
    const values = await keys();
    if (!values) throw validationError({ method: 'This payment method is not available' });
    return values;
  };

  /**
   * A call whose 2xx answer the plugin verifies. An answer signed under a serial we do not hold
   * (WeChat Pay began signing with a new platform certificate) is asked again once, after the
   * certificates are downloaded again: every call here is idempotent at WeChat Pay (the same
   * trade number, the same refund number).
   */
  async function call<T>(
    values: ReadyWechatpayValues,
    method: 'get' | 'post',
    path: string,
    options: { data?: object; params?: Record<string, string> } = {},
  ): Promise<{ status: number; data: T }> {
    let wanted: string | null = null;
    for (let attempt = 0; ; attempt += 1) {
      const known = await verifyingKeys(platform, values, wanted);
      try {
        const res = await wechatpayClient(values, known).request<T>(path, method, options.data, {
          params: options.params,
        });
        return { status: res.status, data: res.data };
      } catch (error) {
        const failed = pluginError(error);
        const serial = failed.response?.headers?.['wechatpay-serial'];
        if (attempt === 0 && failed.code === 'EV3_RES_HEADER_PLATFORM_SERIAL' && typeof serial === 'string') {
          wanted = serial;
          continue;
        }
        throw error;
      }
    }
  }

  /** WeChat Pay out of reach (or failing itself) while a customer waits: said as such. */
  function unreachable(error: unknown): never {
    const status = pluginError(error).response?.status;
    if (status === undefined || status >= 500) {
      throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
    }
    // A 4xx is WeChat Pay refusing what we sent: a fault of ours, kept as a server error.
    throw error;
  }

  async function queryTrade(values: ReadyWechatpayValues, providerRef: string): Promise<TradeState> {
    try {
      const { data } = await call<WechatTransaction>(
        values,
        'get',
        `v3/pay/transactions/out-trade-no/${encodeURIComponent(providerRef)}`,
        { params: { mchid: values.mchid } },
      );
      return tradeState(data);
    } catch (error) {
      if (errorCode(error) === 'ORDER_NOT_EXIST') return { state: 'missing', amount: null, currency: null };
      throw error;
    }
  }

  const publicBase = () => platform.config.publicUrl.replace(/\/+$/, '');

  async function jsapiBridge(values: ReadyWechatpayValues, appId: string, prepayId: string) {
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = Formatter.nonce(32);
    const pkg = `prepay_id=${prepayId}`;
    // The page hands these to WeixinJSBridge; WeChat checks paySign with the merchant's key.
    const paySign = Rsa.sign(
      Formatter.joinedByLineFeed(appId, timeStamp, nonceStr, pkg),
      readPrivateKey(values.merchant_private_key),
    );
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  return {
    method: 'wechatpay',
    name: 'WeChat Pay',
    // WeChat Pay API v3 has no test mode: every configured merchant takes real money.
    testMode: false,
    flow: 'qrcode',
    availableIn: (location) => location === 'cn',
    async configured() {
      return (await keys()) ? { testMode: false } : null;
    },

    async initiate(input: InitiateInput): Promise<Initiated> {
      const values = await mustHaveKeys();
      if (input.currency.toUpperCase() !== 'CNY') {
        throw validationError({ currency: 'WeChat Pay takes bills in CNY only' });
      }
      const outTradeNo = tradeNumber(input.paymentId);
      const resultUrl = `${publicBase()}/payment/result?order_id=${encodeURIComponent(input.orderId)}`;
      const common = {
        mchid: values.mchid,
        description: cutToBytes(`${seededText(input.planName, input.ctx.t)} (${input.orderNum})`, 127),
        out_trade_no: outTradeNo,
        // The bill's expiry: WeChat Pay takes no payment after it.
        time_expire: chinaRfc3339(input.expiresAt),
        notify_url: `${publicBase()}${WECHATPAY_NOTIFY_PATH}`,
        attach: cutToBytes(input.orderNum, 128),
        amount: { total: input.amount, currency: 'CNY' },
      };
      try {
        if (input.appType === 'pc_web') {
          const { data } = await call<{ code_url?: string }>(values, 'post', 'v3/pay/transactions/native', {
            data: { appid: values.appid, ...common },
          });
          if (!data.code_url) throw new Error('WeChat Pay answered no code_url');
          return {
            providerRef: outTradeNo,
            next: { kind: 'qrcode', qrcode_url: data.code_url, h5_url: null },
          };
        }
        if (input.appType === 'mb_web') {
          const { data } = await call<{ h5_url?: string }>(values, 'post', 'v3/pay/transactions/h5', {
            data: {
              appid: values.appid,
              ...common,
              scene_info: { payer_client_ip: input.ctx.ip, h5_info: { type: 'Wap' } },
            },
          });
          if (!data.h5_url) throw new Error('WeChat Pay answered no h5_url');
          // After paying, WeChat's page returns the payer here (navigation only: the notice pays).
          const url = `${data.h5_url}${data.h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(resultUrl)}`;
          return { providerRef: outTradeNo, next: { kind: 'redirect', url } };
        }
        const appId = values.jsapi_appid || values.appid;
        const userId = input.ctx.user?.id;
        const openid = userId ? await wechatOpenidOf(platform.db, userId, appId) : null;
        if (!openid) {
          throw validationError({
            openid:
              'Sign in with WeChat inside WeChat first: WeChat Pay needs your WeChat account to pay here',
          });
        }
        const { data } = await call<{ prepay_id?: string }>(values, 'post', 'v3/pay/transactions/jsapi', {
          data: { appid: appId, ...common, payer: { openid } },
        });
        if (!data.prepay_id) throw new Error('WeChat Pay answered no prepay_id');
        return {
          providerRef: outTradeNo,
          next: { kind: 'wechat_jsapi', bridge: await jsapiBridge(values, appId, data.prepay_id) },
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        unreachable(error);
      }
    },

    async parseNotification(raw: RawNotification): Promise<ProviderNotification> {
      const values = await keys();
      if (!values) throw new InvalidNotification('WeChat Pay is not configured');
      return readWechatNotice(platform, values, raw);
    },

    async refund({ providerRef, amount, total, idempotencyKey }) {
      const values = await mustHaveKeys();
      // WeChat Pay asks for the trade's total beside the refund, and checks it against the trade.
      const { data } = await call<WechatRefund>(values, 'post', 'v3/refund/domestic/refunds', {
        data: {
          out_trade_no: providerRef,
          out_refund_no: refundNumber(idempotencyKey),
          amount: { refund: amount, total, currency: 'CNY' },
          // WeChat Pay tells us when it is done (most refunds take minutes): the same notify route.
          notify_url: `${publicBase()}${WECHATPAY_NOTIFY_PATH}`,
        },
      }).catch((error: unknown) => {
        // A 4xx with a code is WeChat Pay's refusal (NOT_ENOUGH, INVALID_REQUEST...); else retried.
        const status = pluginError(error).response?.status ?? 0;
        const code = errorCode(error);
        if (code && status >= 400 && status < 500) throw new RefundRefused(code);
        throw error;
      });
      if (!data.refund_id) throw new Error(`WeChat Pay answered no refund for ${providerRef}`);
      return wechatRefundResult(data);
    },

    async queryRefund({ refundNo }) {
      const values = await mustHaveKeys();
      try {
        const { data } = await call<WechatRefund>(
          values,
          'get',
          `v3/refund/domestic/refunds/${encodeURIComponent(refundNumber(refundNo))}`,
          {},
        );
        return wechatRefundResult(data);
      } catch (error) {
        if (errorCode(error) === 'RESOURCE_NOT_EXISTS') return { state: 'missing', refundRef: null };
        throw error;
      }
    },

    async query(providerRef) {
      return queryTrade(await mustHaveKeys(), providerRef);
    },

    async close(providerRef) {
      const values = await mustHaveKeys();
      try {
        await call(
          values,
          'post',
          `v3/pay/transactions/out-trade-no/${encodeURIComponent(providerRef)}/close`,
          {
            data: { mchid: values.mchid },
          },
        );
        return { state: 'closed', amount: null, currency: null };
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ORDER_NOT_EXIST') return { state: 'missing', amount: null, currency: null };
        // Paid meanwhile: the payer was quicker; that capture is given back by its own notice.
        if (code === 'ORDERPAID') return queryTrade(values, providerRef);
        throw error;
      }
    },

    replies: {
      // WeChat Pay: any 2xx acknowledges (204, no body); anything else is delivered again.
      acknowledged: () => ({ status: 204, contentType: 'application/json', body: '' }),
      refused: (message) => ({
        status: 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message }),
      }),
    },
  };
}

interface WechatRefund {
  refund_id?: string;
  status?: string;
}

/**
 * WeChat Pay's refund states: `SUCCESS`; `PROCESSING` (most refunds, for minutes); `ABNORMAL`
 * (the payer's card or account cannot take it back: the merchant must act) and `CLOSED` gave
 * nothing back.
 */
function wechatRefundResult(data: WechatRefund): RefundResult {
  const status = data.status ?? '';
  const state = status === 'SUCCESS' ? 'succeeded' : status === 'PROCESSING' ? 'pending' : 'failed';
  return { state, refundRef: data.refund_id ?? null, failure: state === 'failed' ? status : null };
}
