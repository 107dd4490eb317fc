import { createHash } from 'node:crypto';

/**
 * What WeChat Pay and Alipay trades have in common on our side: the merchant's trade number, the
 * time in China (both read local times as UTC+8), descriptions cut to their byte limits, and
 * yuan written as the decimal strings Alipay takes and sends.
 */

/**
 * The payment's id as the merchant's trade number (`out_trade_no`): its 32 hex digits, within
 * WeChat Pay's 6 to 32 characters of `[A-Za-z0-9_-|*]` and Alipay's 64. One payment, one trade:
 * a create asked twice names the same trade.
 */
export function tradeNumber(paymentId: string): string {
  return paymentId.replaceAll('-', '');
}

/** WeChat Pay's `out_refund_no` alphabet (and Alipay's `out_request_no`): 1 to 64 of these. */
const REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

/**
 * Our idempotency key as WeChat Pay's `out_refund_no` and Alipay's `out_request_no`: the same key
 * always the same number, so a refund asked twice is one refund. `return:<id>` keeps its reading
 * (`return_<id>`); a key the alphabet does not take is hashed.
 */
export function refundNumber(idempotencyKey: string): string {
  const readable = idempotencyKey.replaceAll(':', '_');
  return REFUND_NO.test(readable)
    ? readable
    : `r${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `2026-11-25T10:34:56+08:00`: WeChat Pay's `time_expire` (RFC 3339). */
export function chinaRfc3339(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000 + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** `2026-11-25 10:34:56` in China time: Alipay's `time_expire`. */
export function chinaDateTime(unixSeconds: number): string {
  const iso = new Date(unixSeconds * 1000 + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** At most `bytes` of UTF-8, cut between characters (WeChat Pay's description: 127). */
export function cutToBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (used + size > bytes) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * Fen as Alipay's yuan string, by integer arithmetic: 980 is "9.80", 5 is "0.05". Amounts are
 * bounded whole fen already (bills); anything else is a bug, and throws.
 */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's amounts: at most 100,000,000.00 yuan, two decimals at most (`"0.01"`, `"9.8"`). */
const YUAN = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/;

/**
 * A yuan string as whole fen, read digit by digit and never through a float (shmy/cn-pay#2: 9.8
 * yuan became 980.0000000000001 fen): "9.80" and "9.8" are 980, "9.79" is 979. Anything else
 * (three decimals, a sign, an exponent, spaces) is no amount: null, then refused as not the bill's.
 */
export function yuanToFen(yuan: unknown): number | null {
  if (typeof yuan !== 'string') return null;
  const match = YUAN.exec(yuan);
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen <= 10_000_000_000 ? fen : null;
}
