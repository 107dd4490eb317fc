import { createHash, type KeyObject, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { pem, rsaKeys } from './protocol';

/**
 * Alipay's certificate mode (公钥证书), as the stand-in makes and reads it, on `node:crypto` and
 * `selfsigned` (not on the SDK's parser): Alipay's root certificates, the Alipay public-key
 * certificate they issue (its key signs answers and notices), and the app public-key certificate
 * issued for the app's key. Each certificate's SN is the MD5 of its issuer's name (attributes in
 * reverse order, `k=v` joined by `,`) followed by its serial number in decimal; the root's is the
 * SNs of the file's RSA-signed certificates joined by `_`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A certificate's SN as Alipay computes it. */
export function certSn(certificate: X509Certificate): string {
  const issuer = certificate.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  return createHash('md5').update(`${issuer}${serial}`, 'utf8').digest('hex');
}

/** The root file's SN: its RSA-signed certificates' SNs, `_` between them. */
export function rootCertSn(certificates: readonly X509Certificate[]): string {
  return certificates
    .filter((certificate) => certificate.publicKey.asymmetricKeyType === 'rsa')
    .map(certSn)
    .join('_');
}

export function readPemCertificates(text: string): X509Certificate[] {
  return [...text.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map(
    (match) => new X509Certificate(match[0]),
  );
}

export interface IssuedCertificate {
  pem: string;
  certificate: X509Certificate;
  sn: string;
}

export interface AlipayCertificates {
  /** The root file: a legacy root and `…Authority R1`, which issues the two below. */
  rootPem: string;
  rootSn: string;
  root: { privateKey: KeyObject; pem: string };
  alipay: IssuedCertificate & { privateKey: KeyObject };
  app: IssuedCertificate;
}

const sha256 = 'sha256';
const caExtensions = [
  { name: 'basicConstraints' as const, cA: true, critical: true },
  { name: 'keyUsage' as const, keyCertSign: true, cRLSign: true, critical: true },
];

async function selfSignedRoot(commonName: string, notAfter: Date) {
  const keys = rsaKeys();
  const made = await generate(
    [
      { name: 'countryName', value: 'CN' },
      { name: 'organizationName', value: 'Ant Financial' },
      { shortName: 'OU', value: 'Certification Authority' },
      { name: 'commonName', value: commonName },
    ],
    {
      keyPair: { privateKey: pem.private(keys.privateKey), publicKey: pem.public(keys.publicKey) },
      algorithm: sha256,
      notBeforeDate: new Date(Date.now() - DAY_MS),
      notAfterDate: notAfter,
      extensions: caExtensions,
    },
  );
  return { privateKey: keys.privateKey, pem: made.cert };
}

/** A certificate for `publicKey`, issued by the root. */
export async function issueCertificate(
  root: { privateKey: KeyObject; pem: string },
  keys: { privateKey: KeyObject; publicKey: KeyObject },
  commonName: string,
  notAfter: Date,
  notBefore = new Date(Date.now() - DAY_MS),
): Promise<IssuedCertificate> {
  const made = await generate(
    [
      { name: 'countryName', value: 'CN' },
      { name: 'organizationName', value: 'Ant Financial stand-in' },
      { name: 'commonName', value: commonName },
    ],
    {
      keyPair: { privateKey: pem.private(keys.privateKey), publicKey: pem.public(keys.publicKey) },
      algorithm: sha256,
      notBeforeDate: notBefore,
      notAfterDate: notAfter,
      ca: { key: pem.private(root.privateKey), cert: root.pem },
    },
  );
  const certificate = new X509Certificate(made.cert);
  return { pem: made.cert, certificate, sn: certSn(certificate) };
}

/**
 * Alipay's certificates for an app: the root file, Alipay's own certificate (a fresh key) and the
 * app's for `appKeys`. Each may be given its expiry in days from now (default: years).
 */
export async function makeAlipayCertificates(
  appKeys: { privateKey: KeyObject; publicKey: KeyObject },
  days: { root?: number; alipay?: number; app?: number } = {},
): Promise<AlipayCertificates> {
  const after = (n: number | undefined, fallback: number) => new Date(Date.now() + (n ?? fallback) * DAY_MS);
  const legacy = await selfSignedRoot('Ant Financial Certification Authority', after(days.root, 3650));
  const root = await selfSignedRoot('Ant Financial Certification Authority R1', after(days.root, 3650));
  const rootPem = `${legacy.pem.trim()}\n${root.pem.trim()}\n`;
  const alipayKeys = rsaKeys();
  const alipay = await issueCertificate(
    root,
    alipayKeys,
    'Alipay public key stand-in',
    after(days.alipay, 1825),
  );
  const app = await issueCertificate(root, appKeys, 'app public key stand-in', after(days.app, 1825));
  return {
    rootPem,
    rootSn: rootCertSn(readPemCertificates(rootPem)),
    root,
    alipay: { ...alipay, privateKey: alipayKeys.privateKey },
    app,
  };
}
