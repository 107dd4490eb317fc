import { createHmac, timingSafeEqual } from 'node:crypto';
import { toSeconds } from '../../../platform/list-query';

/**
 * The sandbox provider's secrets, derived from APP_SECRET (one per purpose), so a notification or
 * a checkout session can only come from this server's own sandbox.
 */
export function sandboxKey(appSecret: string, purpose: 'notify' | 'session'): Buffer {
  return createHmac('sha256', appSecret).update(`payments:sandbox:${purpose}:v1`).digest();
}

export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The provider's hosted-page session: what is being paid, signed so the page cannot change it. */
export interface SandboxSession {
  ref: string;
  orderId: string;
  billId: string;
  orderNum: string;
  planName: string;
  amount: number;
  currency: string;
  /** Unix seconds after which the page takes no payment. */
  expiresAt: number;
}

export function signSession(appSecret: string, session: SandboxSession): string {
  const text = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${text}.${hmacHex(sandboxKey(appSecret, 'session'), text)}`;
}

export function readSession(appSecret: string, token: string): SandboxSession | null {
  const [text, mac] = token.split('.');
  if (!text || !mac || !sameText(mac, hmacHex(sandboxKey(appSecret, 'session'), text))) return null;
  try {
    const session = JSON.parse(Buffer.from(text, 'base64url').toString()) as SandboxSession;
    return typeof session.ref === 'string' && Number.isInteger(session.amount) ? session : null;
  } catch {
    return null;
  }
}

/** Stripe's scheme: `t=<seconds>,v1=<hex HMAC of "t.body">`. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification older than this is refused (a replay of a captured body after the window). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signNotification(appSecret: string, rawBody: string, now = Date.now()): string {
  const t = toSeconds(new Date(now));
  return `t=${t},v1=${hmacHex(sandboxKey(appSecret, 'notify'), `${t}.${rawBody}`)}`;
}

export function verifyNotification(appSecret: string, rawBody: string, header: string, now = Date.now()) {
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.trim().split('=') as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return 'missing signature';
  if (Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return 'signature too old';
  const expected = hmacHex(sandboxKey(appSecret, 'notify'), `${t}.${rawBody}`);
  return sameText(parts.v1, expected) ? null : 'signature does not match';
}
