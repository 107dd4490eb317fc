import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { Aes, Decorator, Formatter, Rsa } from 'wechatpay-axios-plugin';

/**
 * Where and how WeChat Pay API v3 is reached with the vault's `wechatpay` values: one client per
 * call, for payments (orders, queries, closes, refunds, notices) and for this module's 'test
 * connection'. The client is `wechatpay-axios-plugin` (it signs every request and verifies every
 * 2xx answer); what it leaves to us, done here with its own primitives: downloading the platform
 * certificates (the answer can only be verified with a certificate it carries), verifying 4xx
 * answers and notices, and the `Wechatpay-Serial` request header of public-key mode.
 */

export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com';

/**
 * How far a signed time (an answer's or a notice's `Wechatpay-Timestamp`) may be from ours, either
 * way: WeChat Pay's own SDKs allow five minutes, and so does the plugin for answers.
 */
export const WECHATPAY_CLOCK_WINDOW_SECONDS = 300;

/**
 * WeChat Pay probes a merchant's notice endpoint with notices whose signature starts with this: a
 * merchant that accepts one does not check signatures. They must fail.
 */
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

/** The vault's values of the `wechatpay` kind. */
export interface WechatpayValues {
  mchid?: string;
  appid?: string;
  jsapi_appid?: string;
  merchant_private_key?: string;
  merchant_serial?: string;
  apiv3_key?: string;
  public_key_id?: string;
  public_key?: string;
  base_url?: string;
}

type Required_<T, K extends keyof T> = T & { [P in K]-?: string };
export type ReadyWechatpayValues = Required_<
  WechatpayValues,
  'mchid' | 'appid' | 'merchant_private_key' | 'merchant_serial' | 'apiv3_key'
>;

/** Complete enough to pay with (the vault refuses a save without them; the environment may not). */
export function wechatpayReady(values: WechatpayValues | null): values is ReadyWechatpayValues {
  return Boolean(
    values?.mchid &&
      values.appid &&
      values.merchant_private_key &&
      values.merchant_serial &&
      values.apiv3_key,
  );
}

/** The WeChat Pay public key is set (and its ID): answers and notices are verified with it. */
export function usesPublicKey(values: WechatpayValues): boolean {
  return Boolean(values.public_key_id && values.public_key);
}

/** WeChat Pay's verifying keys by the serial its `Wechatpay-Serial` header names. */
export type VerifyingKeys = ReadonlyMap<string, KeyObject>;

/** A PEM, or the bare base64 of its DER (as WeChat Pay's and Alipay's key tools hand them out). */
export function readPrivateKey(text: string): KeyObject {
  const value = text.trim();
  if (value.includes('-----BEGIN')) return createPrivateKey(value);
  const der = Buffer.from(value.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

export function readPublicKey(text: string): KeyObject {
  const value = text.trim();
  if (value.includes('-----BEGIN')) return createPublicKey(value);
  return createPublicKey({
    key: Buffer.from(value.replace(/\s+/g, ''), 'base64'),
    format: 'der',
    type: 'spki',
  });
}

const pkcs8 = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The key of public-key mode, under its ID; empty in platform-certificate mode. */
export function publicKeyOf(values: WechatpayValues): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (usesPublicKey(values)) keys.set(values.public_key_id ?? '', readPublicKey(values.public_key ?? ''));
  return keys;
}

function baseUrl(values: WechatpayValues): string {
  return `${(values.base_url?.trim() || WECHATPAY_API_BASE).replace(/\/+$/, '')}/`;
}

/**
 * The plugin insists on at least one verifying key. Before the first platform certificate is
 * downloaded there is none: the merchant's own public key stands under a serial WeChat Pay never
 * sends, so every answer is refused until a real key is known (the download verifies itself).
 */
const NO_KEY_YET = 'no-wechat-pay-key-yet';

export function wechatpayClient(values: ReadyWechatpayValues, keys: VerifyingKeys): Decorator {
  const privateKey = readPrivateKey(values.merchant_private_key);
  const certs: Record<string, KeyObject> =
    keys.size > 0 ? Object.fromEntries(keys) : { [NO_KEY_YET]: createPublicKey(privateKey) };
  return new Decorator({
    mchid: values.mchid,
    serial: values.merchant_serial,
    privateKey: pkcs8(privateKey),
    certs,
    baseURL: baseUrl(values),
    timeout: 10_000,
    // Public-key mode: the request names the key WeChat Pay is to sign its answer with, which the
    // plugin does not do by itself (binarywang/WxJava#3548).
    headers: usesPublicKey(values) ? { 'Wechatpay-Serial': values.public_key_id ?? '' } : {},
  });
}

/** What WeChat Pay answered a call whose answer we read ourselves (not verified by the plugin). */
export interface RawAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

function flatHeaders(headers: unknown): Record<string, string> {
  const flat: Record<string, string> = {};
  const source = (
    headers && typeof (headers as { toJSON?: unknown }).toJSON === 'function'
      ? (headers as { toJSON: () => Record<string, unknown> }).toJSON()
      : (headers ?? {})
  ) as Record<string, unknown>;
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') flat[name.toLowerCase()] = value;
    else if (Array.isArray(value)) flat[name.toLowerCase()] = value.join(', ');
  }
  return flat;
}

/**
 * A signed call whose answer, whatever its status, comes back as text with its headers: for a
 * download that can only be verified with what it carries, and for 4xx answers (the plugin
 * verifies 2xx only) that still say something, such as `ORDER_NOT_EXIST`. Throws only when
 * WeChat Pay cannot be reached.
 */
export async function rawCall(
  values: ReadyWechatpayValues,
  keys: VerifyingKeys,
  method: 'get' | 'post',
  path: string,
  options: { params?: Record<string, string>; data?: object } = {},
): Promise<RawAnswer> {
  const res = await wechatpayClient(values, keys).request<string>(path, method, options.data, {
    params: options.params,
    responseType: 'text',
    transformResponse: [(text: unknown) => text],
    validateStatus: () => true,
  });
  return {
    status: res.status,
    body: typeof res.data === 'string' ? res.data : '',
    headers: flatHeaders(res.headers),
  };
}

export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  serial: string;
  signature: string;
}

/**
 * The signature headers of an answer or a notice, or what is wrong with them before any key is
 * looked for: missing, a SIGNTEST probe, a time outside the window either way.
 */
export function readSignedHeaders(
  headers: Record<string, string | string[] | undefined>,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignedHeaders | string {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const timestamp = one('wechatpay-timestamp');
  const nonce = one('wechatpay-nonce');
  const serial = one('wechatpay-serial');
  const signature = one('wechatpay-signature');
  if (!timestamp || !nonce || !serial || !signature)
    return 'missing Wechatpay-Timestamp, -Nonce, -Serial or -Signature';
  if (signature.startsWith(SIGNTEST_PREFIX)) return 'a WeChat Pay signature probe (WECHATPAY/SIGNTEST/)';
  if (!/^\d{1,12}$/.test(timestamp)) return 'the timestamp is not a number of seconds';
  const offset = Number(timestamp) - nowSeconds;
  if (Math.abs(offset) > WECHATPAY_CLOCK_WINDOW_SECONDS) {
    return offset > 0
      ? `signature timestamp ${offset} s ahead of this server's clock`
      : `signature timestamp ${-offset} s old`;
  }
  if (serial.length > 128) return 'the serial is not one WeChat Pay sends';
  return { timestamp, nonce, serial, signature };
}

/**
 * Checks a WeChat Pay signature (an answer's or a notice's) over `timestamp\nnonce\nbody\n` with
 * the key its serial names, within the clock window either way. Answers what is wrong, or null.
 */
export function signatureProblem(
  keys: VerifyingKeys,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  const signed = readSignedHeaders(headers, nowSeconds);
  if (typeof signed === 'string') return signed;
  const { timestamp, nonce, serial, signature } = signed;
  const key = keys.get(serial);
  if (!key) return `no WeChat Pay key has serial ${serial.slice(0, 64)}`;
  let matches = false;
  try {
    matches = Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
  } catch {
    matches = false;
  }
  return matches ? null : 'signature does not match';
}

/** WeChat Pay's AEAD_AES_256_GCM envelope (notices' `resource`, certificates' `encrypt_certificate`). */
export interface Encrypted {
  algorithm?: string;
  ciphertext?: string;
  nonce?: string;
  associated_data?: string;
}

/** Decrypts an envelope with the APIv3 key; throws when the tag (or anything else) is wrong. */
export function decryptResource(resource: Encrypted, apiv3Key: string): string {
  if (resource.algorithm !== undefined && resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new Error(`unknown algorithm ${String(resource.algorithm).slice(0, 40)}`);
  }
  if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
    throw new Error('no ciphertext or nonce');
  }
  return Aes.AesGcm.decrypt(
    resource.ciphertext,
    Buffer.from(apiv3Key, 'utf8'),
    resource.nonce,
    resource.associated_data ?? '',
  );
}

export interface PlatformCertificate {
  serial: string;
  key: KeyObject;
  notAfter: Date;
}

/** Why the platform certificates could not be had, said for the admin (English msgid). */
export class CertificateDownloadError extends Error {}

interface CertificateList {
  data?: { serial_no?: string; encrypt_certificate?: Encrypted }[];
}

/**
 * Downloads the platform certificates (`GET /v3/certificates`): each comes encrypted under the
 * APIv3 key, and the answer is signed with one of them, so it is verified with the certificate
 * its `Wechatpay-Serial` names once decrypted (the first download cannot be verified otherwise).
 * A certificate whose serial is not the one listed, or that has expired, is left out
 * (wechatpay-apache-httpclient#50: a verifier that kept an expired certificate).
 */
export async function downloadPlatformCertificates(
  values: ReadyWechatpayValues,
  now = new Date(),
): Promise<PlatformCertificate[]> {
  const answer = await rawCall(values, publicKeyOf(values), 'get', 'v3/certificates');
  if (answer.status === 401) {
    throw new CertificateDownloadError(
      'WeChat Pay refused the merchant signature: check the merchant ID, private key and certificate serial number',
    );
  }
  if (answer.status === 403 || answer.status === 404) {
    throw new CertificateDownloadError(
      'WeChat Pay has no platform certificate for this merchant: set the WeChat Pay public key and its ID',
    );
  }
  if (answer.status !== 200) {
    throw new CertificateDownloadError(`The endpoint answered an unexpected ${answer.status}`);
  }
  let list: CertificateList;
  try {
    list = JSON.parse(answer.body) as CertificateList;
  } catch {
    throw new CertificateDownloadError(`The endpoint answered an unexpected ${answer.status}`);
  }
  const found = new Map<string, PlatformCertificate>();
  for (const item of list.data ?? []) {
    let pem: string;
    try {
      pem = decryptResource(item.encrypt_certificate ?? {}, values.apiv3_key);
    } catch {
      throw new CertificateDownloadError("The APIv3 key does not decrypt WeChat Pay's certificates");
    }
    const cert = new X509Certificate(pem);
    const notAfter = new Date(cert.validTo);
    if (cert.serialNumber.toUpperCase() !== (item.serial_no ?? '').toUpperCase()) continue;
    if (notAfter <= now || new Date(cert.validFrom) > now) continue;
    found.set(cert.serialNumber.toUpperCase(), {
      serial: item.serial_no ?? cert.serialNumber,
      key: cert.publicKey,
      notAfter,
    });
  }
  const keys = new Map([...found.values()].map((cert) => [cert.serial, cert.key]));
  const problem = signatureProblem(keys, answer.headers, answer.body, Math.floor(now.getTime() / 1000));
  if (problem) throw new CertificateDownloadError("WeChat Pay's answer does not verify");
  return [...found.values()];
}

/**
 * The save-time checks of the `wechatpay` kind, by field: values that cannot work are refused
 * before anyone pays with them.
 */
export function wechatpayValueProblems(values: WechatpayValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.mchid && !/^\d{6,20}$/.test(values.mchid)) problems.mchid = 'A merchant ID is digits only';
  for (const field of ['appid', 'jsapi_appid'] as const) {
    const appid = values[field];
    if (appid && !/^wx[0-9A-Za-z]{6,30}$/.test(appid)) problems[field] = 'A WeChat App ID starts with wx';
  }
  if (values.merchant_serial && !/^[0-9A-Fa-f]{8,64}$/.test(values.merchant_serial)) {
    problems.merchant_serial = 'A certificate serial number is hexadecimal';
  }
  if (values.apiv3_key && Buffer.byteLength(values.apiv3_key, 'utf8') !== 32) {
    problems.apiv3_key = 'The APIv3 key is exactly 32 characters';
  }
  if (values.merchant_private_key) {
    try {
      const key = readPrivateKey(values.merchant_private_key);
      if (key.asymmetricKeyType !== 'rsa') problems.merchant_private_key = 'Not an RSA private key';
    } catch {
      problems.merchant_private_key = 'Not a private key (PEM)';
    }
  }
  if (Boolean(values.public_key_id) !== Boolean(values.public_key)) {
    const missing = values.public_key_id ? 'public_key' : 'public_key_id';
    problems[missing] = 'The WeChat Pay public key and its ID go together';
  }
  if (values.public_key_id && !/^PUB_KEY_ID_[0-9A-Za-z]{1,100}$/.test(values.public_key_id)) {
    problems.public_key_id = 'A WeChat Pay public key ID starts with PUB_KEY_ID_';
  }
  if (values.public_key) {
    try {
      readPublicKey(values.public_key);
    } catch {
      problems.public_key = 'Not a public key (PEM)';
    }
  }
  const base = urlProblem(values.base_url);
  if (base) problems.base_url = base;
  return problems;
}

/** An http(s) address with no query, or why not. */
export function urlProblem(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Not an http(s) address';
    return url.search || url.hash ? 'The address takes no query' : null;
  } catch {
    return 'Not an http(s) address';
  }
}
