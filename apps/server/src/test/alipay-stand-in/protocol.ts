import {
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
} from 'node:crypto';

/**
 * Alipay's wire conventions, as the stand-in speaks them, written on `node:crypto` alone (not with
 * `alipay-sdk`, which the app uses), so a mistake on one side is not hidden by the same mistake on
 * the other:
 * - OpenAPI v3: the request header `authorization: ALIPAY-SHA256withRSA app_id=…,nonce=…,
 *   timestamp=<ms>,sign=…`, signed by the app over `<auth string>\nMETHOD\nPATH?QUERY\nBODY\n`;
 *   answers signed by Alipay over `TIMESTAMP\nNONCE\nBODY\n` (`alipay-timestamp`, `alipay-nonce`,
 *   `alipay-signature`); errors `{ code, message }` with a 4xx status;
 * - the v2 gateway (`gateway.do`): every parameter but `sign`, sorted by name, `k=v` joined by
 *   `&` (the request's `sign_type` included), RSA2 with the app's key; its JSON answers signed over
 *   the `<method>_response` object's text;
 * - asynchronous notices: form posts signed by Alipay over the sorted parameters without `sign`
 *   and `sign_type`, answered with exactly `success` or delivered again.
 */

export const V3_SCHEME = 'ALIPAY-SHA256withRSA';

export function rsa2(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifyRsa2(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The string a v2 request or a notice is signed over: sorted `k=v` pairs, without the left-out keys. */
export function sortedParams(params: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** `ALIPAY-SHA256withRSA app_id=1,nonce=2,timestamp=3,sign=4` -> the auth string signed, and its fields. */
export function parseV3Authorization(
  header: string | undefined,
): { authString: string; fields: Record<string, string>; sign: string } | null {
  if (!header?.startsWith(`${V3_SCHEME} `)) return null;
  const rest = header.slice(V3_SCHEME.length + 1);
  const at = rest.indexOf(',sign=');
  if (at < 0) return null;
  const authString = rest.slice(0, at);
  const fields: Record<string, string> = {};
  for (const part of authString.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return { authString, fields, sign: rest.slice(at + ',sign='.length) };
}

export const v3RequestMessage = (authString: string, method: string, pathAndQuery: string, body: string) =>
  `${authString}\n${method}\n${pathAndQuery}\n${body}\n`;

export const v3AnswerMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

export function rsaKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

export const pem = {
  private: (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  public: (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString(),
};

export function digits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(10));
  return out;
}

export const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');

/** Alipay's amounts: yuan with at most two decimals, 0.01 to 100000000.00. */
const YUAN = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/** Yuan as whole fen, digit by digit (the stand-in's own reading, not the app's). */
export function fenOf(yuan: string): number | null {
  if (!YUAN.test(yuan)) return null;
  const [whole = '0', fraction = ''] = yuan.split('.');
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return fen >= 1 && fen <= 10_000_000_000 ? fen : null;
}

export function yuanOf(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `2026-11-25 10:34:56` in China time, as Alipay writes times. */
export function chinaTime(ms: number): string {
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (China time) as epoch ms, or NaN. */
export function parseChinaTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  return Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
}

/**
 * A form as a browser submits it: the `action`, `method` and hidden inputs of the first form in
 * an HTML page (what `alipay-sdk`'s `pageExecute` gives), attribute values unescaped.
 */
export function readForm(html: string): { action: string; method: string; fields: Record<string, string> } {
  const unescapeHtml = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&amp;/g, '&');
  const form = /<form\s+([^>]*)>/i.exec(html);
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? '';
  if (!form?.[1]) throw new Error('no form');
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input\s+([^>]*)\/?>/gi)) {
    const tag = input[1] ?? '';
    const name = attr(tag, 'name');
    if (name) fields[name] = unescapeHtml(attr(tag, 'value'));
  }
  return {
    action: unescapeHtml(attr(form[1], 'action')),
    method: attr(form[1], 'method').toLowerCase() || 'get',
    fields,
  };
}
