import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
} from 'node:crypto';

/**
 * WeChat Pay API v3's wire conventions, as the stand-in speaks them, written on `node:crypto`
 * alone (not with `wechatpay-axios-plugin`, which the app uses), so a mistake on one side is not
 * hidden by the same mistake on the other:
 * - a request is signed by the merchant over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`
 *   (SHA256withRSA, base64) in `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",
 *   nonce_str="…",signature="…",timestamp="…",serial_no="…"`;
 * - answers and notices are signed by WeChat Pay over `TIMESTAMP\nNONCE\nBODY\n` with a platform
 *   certificate's key or the WeChat Pay public key, named by `Wechatpay-Serial`;
 * - notices' resources and downloaded certificates are AEAD_AES_256_GCM under the APIv3 key: a
 *   12-byte nonce, associated data, the 16-byte tag after the ciphertext, all base64;
 * - errors are `{ code, message }` with WeChat Pay's statuses (400, 401 SIGN_ERROR, 403, 404
 *   ORDER_NOT_EXIST, 500 SYSTEM_ERROR).
 */

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

export function sha256WithRsa(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifySha256WithRsa(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export const requestMessage = (
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
) => `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;

export const answerMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** `WECHATPAY2-SHA256-RSA2048 a="1",b="2"` -> `{ a: '1', b: '2' }`; null when not that scheme. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1] ?? ''] = match[2] ?? '';
  }
  return fields;
}

/** AEAD_AES_256_GCM as WeChat Pay does it: base64 of ciphertext followed by the 16-byte tag. */
export function encryptGcm(
  apiv3Key: string,
  nonce: string,
  associatedData: string,
  plaintext: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiv3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
}

/** The same ciphertext with one bit of its tag (the last 16 bytes) flipped. */
export function flipTagBit(ciphertext: string): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  const last = bytes.length - 1;
  bytes[last] = (bytes[last] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function nonceString(length = 32): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export function digits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(10));
  return out;
}

export function rsaKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

export const pem = {
  private: (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  public: (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString(),
};

export const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** RFC 3339 in China time, as WeChat Pay writes times (`2026-11-25T10:34:56+08:00`). */
export function rfc3339(ms: number): string {
  return `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** WeChat Pay's error body. */
export const wechatError = (code: string, message: string) => ({ code, message });
