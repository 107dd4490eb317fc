import { createPublicKey } from 'node:crypto';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import { readPrivateKey, readPublicKey, urlProblem } from './wechatpay-api';

/**
 * Where and how Alipay is reached with the vault's `alipay` values: one `alipay-sdk@4.14.0` client
 * per set of values, for payments (the page-pay and wap-pay forms, queries, closes, refunds, the
 * notices' signatures) and for this module's 'test connection'. Public-key mode: the app signs
 * with its private key, Alipay's answers and notices are verified with the Alipay public key.
 */

export const ALIPAY_API_BASE = 'https://openapi.alipay.com';
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** The vault's values of the `alipay` kind. */
export interface AlipayValues {
  app_id?: string;
  app_private_key?: string;
  alipay_public_key?: string;
  base_url?: string;
  gateway?: string;
}

export type ReadyAlipayValues = AlipayValues & {
  app_id: string;
  app_private_key: string;
  alipay_public_key: string;
};

export function alipayReady(values: AlipayValues | null): values is ReadyAlipayValues {
  return Boolean(values?.app_id && values.app_private_key && values.alipay_public_key);
}

/** Alipay's sandbox (openapi-sandbox.dl.alipaydev.com) moves no money. */
export function isAlipaySandbox(values: AlipayValues): boolean {
  return [values.base_url, values.gateway].some((url) => (url ?? '').includes('alipaydev.com'));
}

/**
 * A client for these values. Keys are handed to the SDK as PKCS#8 and SPKI PEM whatever form was
 * pasted (PKCS#1, PKCS#8, or the bare base64 Alipay's key tool gives): the SDK reads PKCS#1 unless
 * told otherwise, and a PKCS#8 key read as PKCS#1 signs nothing.
 */
export function alipayClient(values: ReadyAlipayValues): AlipaySdk {
  return new AlipaySdk({
    appId: values.app_id,
    privateKey: readPrivateKey(values.app_private_key).export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    alipayPublicKey: readPublicKey(values.alipay_public_key)
      .export({ type: 'spki', format: 'pem' })
      .toString(),
    endpoint: (values.base_url?.trim() || ALIPAY_API_BASE).replace(/\/+$/, ''),
    gateway: values.gateway?.trim() || ALIPAY_GATEWAY,
    timeout: 10_000,
  });
}

/** Alipay's business error code of a failed OpenAPI v3 call (`ACQ.TRADE_NOT_EXIST`), if it said one. */
export function alipayErrorCode(error: unknown): string | null {
  return error instanceof AlipayRequestError && typeof error.code === 'string' ? error.code : null;
}

/** The call reached Alipay, which answered (a refusal included), rather than not at all. */
export function alipayAnswered(error: unknown): boolean {
  return error instanceof AlipayRequestError && typeof error.responseHttpStatus === 'number';
}

/** The save-time checks of the `alipay` kind, by field. */
export function alipayValueProblems(values: AlipayValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.app_id && !/^\d{8,32}$/.test(values.app_id)) problems.app_id = 'An Alipay App ID is digits only';
  let appPublic: string | null = null;
  if (values.app_private_key) {
    try {
      const key = readPrivateKey(values.app_private_key);
      if (key.asymmetricKeyType !== 'rsa') problems.app_private_key = 'Not an RSA private key';
      appPublic = createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
    } catch {
      problems.app_private_key = 'Not a private key (PEM)';
    }
  }
  if (values.alipay_public_key) {
    try {
      const key = readPublicKey(values.alipay_public_key);
      // The most common mistake (fym201/alipay-node-sdk#18): the app's own public key pasted here,
      // with which Alipay's signatures never verify.
      if (appPublic && key.export({ type: 'spki', format: 'der' }).toString('base64') === appPublic) {
        problems.alipay_public_key = "This is the app's own public key: paste the Alipay public key";
      }
    } catch {
      problems.alipay_public_key = 'Not a public key (PEM)';
    }
  }
  for (const field of ['base_url', 'gateway'] as const) {
    const problem = urlProblem(values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}
