import { createPublicKey, type KeyObject, type X509Certificate } from 'node:crypto';
import type { CertificateExpiry } from '@app/contract/admin/foreign-keys/foreign-keys';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import { certificatesPem, fieldExpiry, readCertificates } from './certificates';
import { readPrivateKey, readPublicKey, urlProblem } from './wechatpay-api';

/**
 * Where and how Alipay is reached with the vault's `alipay` values: one `alipay-sdk@4.14.0` client
 * per set of values, for payments (the page-pay and wap-pay forms, queries, closes, refunds, the
 * notices' signatures) and for this module's 'test connection'. The app signs with its private
 * key either way. Public-key mode: Alipay's answers and notices are verified with the Alipay
 * public key. Certificate mode (the three certificates set): the SDK reads the app certificate's
 * SN (`app_cert_sn`) and the root certificate's (`alipay_root_cert_sn`) into every request, and
 * Alipay's answers and notices are verified with the key of the Alipay public-key certificate,
 * whose SN a v3 answer's `alipay-sn` (and a notice's `alipay_cert_sn`, when it has one) must be.
 */

export const ALIPAY_API_BASE = 'https://openapi.alipay.com';
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** The vault's values of the `alipay` kind. */
export interface AlipayValues {
  app_id?: string;
  app_private_key?: string;
  alipay_public_key?: string;
  /** Certificate mode: the app public-key certificate (appCertPublicKey_….crt). */
  app_cert?: string;
  /** Certificate mode: the Alipay public-key certificate (alipayCertPublicKey_RSA2.crt). */
  alipay_cert?: string;
  /** Certificate mode: Alipay's root certificates (alipayRootCert.crt). */
  alipay_root_cert?: string;
  base_url?: string;
  gateway?: string;
}

export type ReadyAlipayValues = AlipayValues & {
  app_id: string;
  app_private_key: string;
};

/** The fields of certificate mode, which go together. */
export const ALIPAY_CERT_FIELDS = ['app_cert', 'alipay_cert', 'alipay_root_cert'] as const;

const CERT_LABELS: Record<(typeof ALIPAY_CERT_FIELDS)[number], string> = {
  app_cert: 'App public-key certificate (certificate mode)',
  alipay_cert: 'Alipay public-key certificate (certificate mode)',
  alipay_root_cert: 'Alipay root certificate (certificate mode)',
};

/** Certificate mode: the three certificates are set (then they, not a public key beside them, verify). */
export function usesAlipayCertificates(values: AlipayValues): boolean {
  return ALIPAY_CERT_FIELDS.every((field) => Boolean(values[field]));
}

export function alipayReady(values: AlipayValues | null): values is ReadyAlipayValues {
  return Boolean(
    values?.app_id && values.app_private_key && (values.alipay_public_key || usesAlipayCertificates(values)),
  );
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
    // Certificate mode: the SDK computes both SNs it sends and reads the verifying key from the
    // Alipay public-key certificate (the certificates handed over as PEM blocks, however pasted).
    ...(usesAlipayCertificates(values)
      ? {
          appCertContent: certificatesPem(readCertificates(values.app_cert ?? '')),
          alipayPublicCertContent: certificatesPem(readCertificates(values.alipay_cert ?? '')),
          alipayRootCertContent: certificatesPem(readCertificates(values.alipay_root_cert ?? '')),
        }
      : {
          alipayPublicKey: readPublicKey(values.alipay_public_key ?? '')
            .export({ type: 'spki', format: 'pem' })
            .toString(),
        }),
    endpoint: (values.base_url?.trim() || ALIPAY_API_BASE).replace(/\/+$/, ''),
    gateway: values.gateway?.trim() || ALIPAY_GATEWAY,
    timeout: 10_000,
  });
}

/**
 * What verifies Alipay's answers and notices for these values: the Alipay public key, or in
 * certificate mode the Alipay public-key certificate's key and that certificate's SN (computed by
 * the SDK, as it sends the others), which a notice naming a certificate must name.
 */
export function alipayVerifyingKey(values: ReadyAlipayValues): { key: KeyObject; certSn: string | null } {
  if (!usesAlipayCertificates(values)) {
    return { key: readPublicKey(values.alipay_public_key ?? ''), certSn: null };
  }
  const [certificate] = readCertificates(values.alipay_cert ?? '');
  if (!certificate) throw new Error('no Alipay public-key certificate');
  return { key: certificate.publicKey, certSn: alipayClient(values).config.alipayCertSn ?? null };
}

/**
 * Checks an asynchronous notice's signature (its form parameters as received, not decoded again:
 * alipay/alipay-sdk-nodejs-all#27, #30, #68) with the key above: null when it verifies, else what
 * is wrong. In certificate mode a notice that names a certificate (`alipay_cert_sn`) must name the
 * one held: Alipay signing with another one is a rotation the admin has to save first.
 */
export function alipayNoticeProblem(
  values: ReadyAlipayValues,
  params: Record<string, string>,
): string | null {
  const { certSn } = alipayVerifyingKey(values);
  if (certSn !== null && params.alipay_cert_sn !== undefined && params.alipay_cert_sn !== certSn) {
    return 'the notice names another Alipay certificate (alipay_cert_sn)';
  }
  // The SDK's client verifies with the same key (read from the same certificate in certificate mode).
  if (alipayClient(values).checkNotifySignV2(params)) return null;
  return certSn === null
    ? 'signature does not verify with the Alipay public key'
    : 'signature does not verify with the Alipay public-key certificate';
}

/** The expiry of each certificate the values hold (certificate mode), in the fields' order. */
export function alipayCertificateExpiries(values: AlipayValues, now = new Date()): CertificateExpiry[] {
  if (!usesAlipayCertificates(values)) return [];
  return ALIPAY_CERT_FIELDS.flatMap((field) => {
    const expiry = fieldExpiry(values[field] ?? '', { field, label: CERT_LABELS[field] }, now);
    return expiry ? [expiry] : [];
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
export function alipayValueProblems(values: AlipayValues, now = new Date()): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.app_id && !/^\d{8,32}$/.test(values.app_id)) problems.app_id = 'An Alipay App ID is digits only';
  let appPublic: string | null = null;
  if (values.app_private_key) {
    try {
      const key = readPrivateKey(values.app_private_key);
      if (key.asymmetricKeyType !== 'rsa') problems.app_private_key = 'Not an RSA private key';
      appPublic = spki(createPublicKey(key));
    } catch {
      problems.app_private_key = 'Not a private key (PEM)';
    }
  }
  if (values.alipay_public_key) {
    try {
      const key = readPublicKey(values.alipay_public_key);
      // The most common mistake (fym201/alipay-node-sdk#18): the app's own public key pasted here,
      // with which Alipay's signatures never verify.
      if (appPublic && spki(key) === appPublic) {
        problems.alipay_public_key = "This is the app's own public key: paste the Alipay public key";
      }
    } catch {
      problems.alipay_public_key = 'Not a public key (PEM)';
    }
  }
  Object.assign(problems, certificateProblems(values, appPublic, now));
  for (const field of ['base_url', 'gateway'] as const) {
    const problem = urlProblem(values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');

/**
 * Certificate mode's checks: the three go together (or the public key stands alone); each is a
 * certificate the SDK reads and is valid now; the app certificate is the app private key's; the
 * Alipay certificate is not the app's and chains (through any intermediate its file holds) to
 * a certificate of the root file, where the signatures can be checked here.
 */
function certificateProblems(
  values: AlipayValues,
  appPublic: string | null,
  now: Date,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const given = ALIPAY_CERT_FIELDS.filter((field) => Boolean(values[field]));
  if (given.length === 0) {
    if (!values.alipay_public_key) {
      problems.alipay_public_key =
        'Give the Alipay public key, or the three certificates of certificate mode';
    }
    return problems;
  }
  for (const field of ALIPAY_CERT_FIELDS) {
    if (!values[field]) problems[field] = 'Certificate mode needs all three certificates';
  }
  const read: Partial<Record<(typeof ALIPAY_CERT_FIELDS)[number], X509Certificate[]>> = {};
  for (const field of given) {
    let certificates: X509Certificate[];
    try {
      certificates = readCertificates(values[field] ?? '');
      sdkReads(certificatesPem(certificates));
    } catch {
      problems[field] = 'Not a certificate (PEM)';
      continue;
    }
    const leaf = certificates[0];
    if (!leaf) continue;
    const expired = certificates.some((certificate) => new Date(certificate.validTo) <= now);
    if (expired) problems[field] = 'This certificate has expired';
    else if (certificates.some((certificate) => new Date(certificate.validFrom) > now)) {
      problems[field] = 'This certificate is not valid yet';
    }
    read[field] = certificates;
  }
  const app = read.app_cert?.[0];
  if (app && !problems.app_cert && appPublic && spki(app.publicKey) !== appPublic) {
    problems.app_cert = 'This certificate is not the app private key’s: give the app public-key certificate';
  }
  const alipay = read.alipay_cert;
  if (alipay?.[0] && !problems.alipay_cert && appPublic && spki(alipay[0].publicKey) === appPublic) {
    problems.alipay_cert = "This is the app's own certificate: give the Alipay public-key certificate";
  }
  const roots = read.alipay_root_cert;
  if (alipay && roots && !problems.alipay_cert && !problems.alipay_root_cert) {
    if (chainsTo(alipay, roots) === false) {
      problems.alipay_root_cert = 'The Alipay public-key certificate does not chain to this root certificate';
    }
  }
  return problems;
}

/** Throws when `alipay-sdk` (which reads certificates with its own parser) cannot read this one. */
function sdkReads(pem: string): void {
  new AlipaySdk({
    appId: '0',
    privateKey: 'unused',
    appCertContent: pem,
    alipayPublicCertContent: pem,
    alipayRootCertContent: pem,
  });
}

/**
 * Whether the first certificate of `chain` is issued, link by link, by a certificate of `roots`
 * (the rest of `chain` may supply intermediates): false when it is not, null when a signature
 * cannot be checked here (an algorithm this Node does not verify, as an SM2 root may be).
 */
function chainsTo(chain: X509Certificate[], roots: X509Certificate[]): boolean | null {
  const pool = [...chain.slice(1), ...roots];
  let current = chain[0];
  for (let depth = 0; current && depth < 8; depth += 1) {
    const subject: X509Certificate = current;
    const issuers = pool.filter((candidate) => subject.checkIssued(candidate));
    let next: X509Certificate | undefined;
    for (const issuer of issuers) {
      try {
        if (subject.verify(issuer.publicKey)) next = issuer;
      } catch {
        return null;
      }
      if (next) break;
    }
    if (!next) return false;
    if (roots.includes(next)) return true;
    if (next === subject) return false;
    current = next;
  }
  return false;
}
