import { seededText } from '@app/contract/i18n/seeded-texts';
import { AppError, validationError } from '../../../platform/app-error';
import type { Platform } from '../../../platform/platform';
import {
  alipayAnswered,
  alipayClient,
  alipayErrorCode,
  alipayNoticeProblem,
  alipayReady,
  isAlipaySandbox,
  type ReadyAlipayValues,
} from '../../foreign-keys/alipay-api';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { chinaDateTime, cutToBytes, fenToYuan, refundNumber, tradeNumber, yuanToFen } from '../cn-trades';
import {
  type Initiated,
  type InitiateInput,
  InvalidNotification,
  notifiedAmount,
  type PaymentAction,
  type PaymentProvider,
  type ProviderNotification,
  type RawNotification,
  RefundRefused,
  type TradeState,
} from '../provider';

/**
 * Alipay (location `cn`, CNY bills): the payer submits a signed gateway form, page pay
 * (`alipay.trade.page.pay`) on a desktop and wap pay (`alipay.trade.wap.pay`) on a phone; on a
 * desktop the same page pay with `qr_pay_mode` 4 also gives a page showing only Alipay's code,
 * for an iframe. The trade number is the payment's provider reference. Asynchronous notices
 * (form posts) are the record: verified over their sorted parameters without `sign` and
 * `sign_type` with the Alipay public key, their yuan read as whole fen without floats.
 * `return_url` only brings the payer back to the result page, which waits for the notice. Queries,
 * closes and refunds use OpenAPI v3.
 */

export const ALIPAY_NOTIFY_PATH = '/api/payments/notify/alipay';

/** What a trade's status means, whichever way we heard it (a notice or a query). */
const ACTIONS: Record<string, PaymentAction> = {
  TRADE_SUCCESS: 'captured',
  // Paid, and past its refund period: still paid.
  TRADE_FINISHED: 'captured',
  // Closed unpaid, or closed after a full refund (a capture is never undone by it).
  TRADE_CLOSED: 'canceled',
};

interface AlipayTrade {
  trade_status?: unknown;
  total_amount?: unknown;
  trans_currency?: unknown;
}

/** Alipay's domestic trades are in yuan; a cross-border one says its currency. */
const currencyOf = (trade: AlipayTrade) =>
  typeof trade.trans_currency === 'string' && trade.trans_currency ? trade.trans_currency : 'CNY';

function tradeState(trade: AlipayTrade): TradeState {
  const action = ACTIONS[String(trade.trade_status)];
  if (action === 'captured') {
    return {
      state: 'paid',
      amount: notifiedAmount(yuanToFen(trade.total_amount)),
      currency: currencyOf(trade),
    };
  }
  return { state: action === 'canceled' ? 'closed' : 'open', amount: null, currency: null };
}

/** Alipay out of reach (or failing itself) while a customer waits: said as such. */
function unreachable(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (!alipayAnswered(error) || ((error as { responseHttpStatus?: number }).responseHttpStatus ?? 0) >= 500) {
    throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
  }
  throw error;
}

export function alipayProvider(platform: Platform): PaymentProvider {
  const keys = async () => {
    const values = await readForeignKey(platform, 'alipay');
    return alipayReady(values) ? values : null;
  };
  const mustHaveKeys = async () => {
    const values = await keys();
    if (!values) throw validationError({ method: 'This payment method is not available' });
    return values;
  };
  const publicBase = () => platform.config.publicUrl.replace(/\/+$/, '');

  async function queryTrade(values: ReadyAlipayValues, providerRef: string): Promise<TradeState> {
    try {
      const { data } = await alipayClient(values).curl<AlipayTrade>('POST', '/v3/alipay/trade/query', {
        body: { out_trade_no: providerRef },
      });
      return tradeState(data);
    } catch (error) {
      if (alipayErrorCode(error) === 'ACQ.TRADE_NOT_EXIST')
        return { state: 'missing', amount: null, currency: null };
      throw error;
    }
  }

  return {
    method: 'alipay',
    name: 'Alipay',
    testMode: false,
    flow: 'form',
    availableIn: (location) => location === 'cn',
    async configured() {
      const values = await keys();
      return values ? { testMode: isAlipaySandbox(values) } : null;
    },

    async initiate(input: InitiateInput): Promise<Initiated> {
      const values = await mustHaveKeys();
      if (input.currency.toUpperCase() !== 'CNY') {
        throw validationError({ currency: 'Alipay takes bills in CNY only' });
      }
      if (input.appType === 'wx_web') {
        throw validationError({ app_type: 'Alipay does not open inside WeChat: pay with WeChat Pay' });
      }
      const outTradeNo = tradeNumber(input.paymentId);
      const order = encodeURIComponent(input.orderId);
      const common = {
        out_trade_no: outTradeNo,
        total_amount: fenToYuan(input.amount),
        subject: cutToBytes(`${seededText(input.planName, input.ctx.t)} (${input.orderNum})`, 256),
        // The bill's expiry: Alipay takes no payment after it.
        time_expire: chinaDateTime(input.expiresAt),
      };
      const urls = {
        notifyUrl: `${publicBase()}${ALIPAY_NOTIFY_PATH}`,
        // Navigation only: the result page waits for the notice (the parameters prove nothing).
        returnUrl: `${publicBase()}/payment/result?order_id=${order}`,
      };
      try {
        const client = alipayClient(values);
        if (input.appType === 'mb_web') {
          const form = client.pageExecute('alipay.trade.wap.pay', 'POST', {
            bizContent: {
              ...common,
              product_code: 'QUICK_WAP_WAY',
              quit_url: `${publicBase()}/payment?bill_id=${encodeURIComponent(input.billId)}&order_id=${order}`,
            },
            ...urls,
          });
          return {
            providerRef: outTradeNo,
            next: { kind: 'form', form_html: form },
            embeddedQrcodeUrl: null,
          };
        }
        const page = { ...common, product_code: 'FAST_INSTANT_TRADE_PAY' };
        const form = client.pageExecute('alipay.trade.page.pay', 'POST', { bizContent: page, ...urls });
        // The same trade as a page holding only Alipay's code, `qrcode_width` wide (spec: 180).
        const embedded = client.pageExecute('alipay.trade.page.pay', 'GET', {
          bizContent: { ...page, qr_pay_mode: '4', qrcode_width: input.qrcodeWidth ?? 180 },
          ...urls,
        });
        return {
          providerRef: outTradeNo,
          next: { kind: 'form', form_html: form },
          embeddedQrcodeUrl: embedded,
        };
      } catch (error) {
        unreachable(error);
      }
    },

    async parseNotification(raw: RawNotification): Promise<ProviderNotification> {
      const values = await keys();
      if (!values) throw new InvalidNotification('Alipay is not configured');
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries((raw.body ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string') params[key] = value;
      }
      if (!params.sign) throw new InvalidNotification('the notice is not signed');
      // The form parser decoded the values already: checked as received, not decoded again
      // (alipay/alipay-sdk-nodejs-all#27, #30, #68), with Alipay's key (or certificate), not the app's.
      const problem = alipayNoticeProblem(values, params);
      if (problem) throw new InvalidNotification(problem);
      if (params.app_id !== values.app_id) throw new InvalidNotification('the notice is for another app');
      // Kept in the log as received, its signature aside.
      const kept = Object.fromEntries(Object.entries(params).filter(([key]) => key !== 'sign'));
      // A refund's notice (`refund_fee`, `gmt_refund`, `out_biz_no` our `out_request_no`): whatever
      // its trade_status (TRADE_SUCCESS after a part, TRADE_CLOSED after all), it neither pays nor
      // closes; the refund it names is asked of Alipay (`queryRefund`) and settled as Alipay says.
      if (params.out_biz_no && (params.refund_fee !== undefined || params.gmt_refund !== undefined)) {
        return {
          eventId: (params.notify_id ?? '').slice(0, 200),
          action: 'refund_update',
          providerRef: params.out_trade_no ?? '',
          amount: null,
          currency: null,
          payload: kept,
          refundNo: params.out_biz_no,
        };
      }
      const action = ACTIONS[params.trade_status ?? ''] ?? 'not_supported';
      return {
        eventId: (params.notify_id ?? '').slice(0, 200),
        action,
        providerRef: params.out_trade_no ?? '',
        amount: action === 'captured' ? notifiedAmount(yuanToFen(params.total_amount)) : null,
        currency: action === 'captured' ? currencyOf(params) : null,
        payload: kept,
      };
    },

    async refund({ providerRef, amount, idempotencyKey }) {
      const values = await mustHaveKeys();
      const outRequestNo = refundNumber(idempotencyKey);
      // `out_request_no` makes the refund idempotent: asked again, Alipay refunds nothing more.
      // Its answer is the refund done (a refusal is an error); `fund_change` N on a repeat only
      // says no more money moved this time.
      const { data } = await alipayClient(values)
        .curl<{ trade_no?: string }>('POST', '/v3/alipay/trade/refund', {
          body: { out_trade_no: providerRef, refund_amount: fenToYuan(amount), out_request_no: outRequestNo },
        })
        .catch((error: unknown) => {
          // Alipay's business refusal (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL...) as a 4xx; else retried.
          const code = alipayErrorCode(error);
          if (
            alipayAnswered(error) &&
            code &&
            (error as { responseHttpStatus: number }).responseHttpStatus < 500
          )
            throw new RefundRefused(code);
          throw error;
        });
      return { state: 'succeeded', refundRef: `${data.trade_no ?? providerRef}/${outRequestNo}` };
    },

    async queryRefund({ providerRef, refundNo }) {
      const values = await mustHaveKeys();
      const outRequestNo = refundNumber(refundNo);
      const { data } = await alipayClient(values).curl<{ trade_no?: string; refund_status?: string }>(
        'POST',
        '/v3/alipay/trade/fastpay/refund/query',
        { body: { out_trade_no: providerRef, out_request_no: outRequestNo } },
      );
      // Alipay answers a refund it never made with no `refund_status` at all.
      if (data.refund_status === 'REFUND_SUCCESS')
        return { state: 'succeeded', refundRef: `${data.trade_no ?? providerRef}/${outRequestNo}` };
      return { state: 'missing', refundRef: null };
    },

    async query(providerRef) {
      return queryTrade(await mustHaveKeys(), providerRef);
    },

    async close(providerRef) {
      const values = await mustHaveKeys();
      try {
        await alipayClient(values).curl('POST', '/v3/alipay/trade/close', {
          body: { out_trade_no: providerRef },
        });
        return { state: 'closed', amount: null, currency: null };
      } catch (error) {
        const code = alipayErrorCode(error);
        // No trade yet: the payer never opened Alipay's page (Alipay makes the trade then). Its
        // form still could, until `time_expire`; a payment then is given back as a second capture.
        if (code === 'ACQ.TRADE_NOT_EXIST') return { state: 'missing', amount: null, currency: null };
        if (code === 'ACQ.TRADE_STATUS_ERROR') return queryTrade(values, providerRef);
        throw error;
      }
    },

    replies: {
      // Alipay stops delivering on exactly these seven characters, and on nothing else.
      acknowledged: () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }),
      refused: () => ({ status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' }),
    },
  };
}
