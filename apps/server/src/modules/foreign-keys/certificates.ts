import { X509Certificate } from 'node:crypto';
import {
  CERTIFICATE_WARNING_DAYS,
  type CertificateExpiry,
} from '@app/contract/admin/foreign-keys/foreign-keys';

/**
 * The X.509 certificates the foreign keys hold (Alipay's three in certificate mode) or fetch
 * (WeChat Pay's platform certificates): read from what an admin pasted, and when each expires.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM text, in order (a chain file holds several; Alipay's root certificate
 * file four). A paste into a one-line box loses its line breaks, and Alipay's tools also hand out
 * the bare base64 of one DER certificate: both are read too. Throws when there is none, or a block
 * is not one.
 */
export function readCertificates(text: string): X509Certificate[] {
  const blocks = [...text.matchAll(BLOCK)].map((match) => (match[1] ?? '').replace(/\s+/g, ''));
  if (blocks.length === 0 && !text.includes('-----BEGIN')) blocks.push(text.replace(/\s+/g, ''));
  if (blocks.length === 0 || blocks.some((block) => !/^[A-Za-z0-9+/]+={0,2}$/.test(block))) {
    throw new Error('not a certificate');
  }
  return blocks.map((block) => new X509Certificate(Buffer.from(block, 'base64')));
}

/** The certificates as PEM, one block after the other, lines of 64 (what `alipay-sdk` reads). */
export function certificatesPem(certificates: readonly X509Certificate[]): string {
  return certificates.map((certificate) => certificate.toString().trim()).join('\n');
}

/** The same text as PEM blocks the SDK reads, whatever way it was pasted. */
export function normalPem(text: string): string {
  return certificatesPem(readCertificates(text));
}

export function expiryStatus(validTo: Date, now: Date): CertificateExpiry['status'] {
  if (validTo.getTime() <= now.getTime()) return 'expired';
  return validTo.getTime() - now.getTime() <= CERTIFICATE_WARNING_DAYS * DAY_MS ? 'expiring' : 'valid';
}

/** A certificate's expiry as the foreign-keys page shows it. */
export function expiryOf(
  certificate: { serial: string; validTo: Date },
  where: { field: string | null; label: string },
  now: Date,
): CertificateExpiry {
  return {
    field: where.field,
    label: where.label,
    serial: certificate.serial.toUpperCase(),
    expires_at: Math.floor(certificate.validTo.getTime() / 1000),
    status: expiryStatus(certificate.validTo, now),
  };
}

/**
 * The expiry of the certificate a field holds: of a chain (a leaf and its intermediate, a root
 * file), the one that expires first, since the file stops working then.
 */
export function fieldExpiry(
  text: string,
  where: { field: string; label: string },
  now: Date,
): CertificateExpiry | null {
  let certificates: X509Certificate[];
  try {
    certificates = readCertificates(text);
  } catch {
    return null;
  }
  const first = certificates
    .map((certificate) => ({ serial: certificate.serialNumber, validTo: new Date(certificate.validTo) }))
    .sort((a, b) => a.validTo.getTime() - b.validTo.getTime())[0];
  return first ? expiryOf(first, where, now) : null;
}

/** Soonest to expire first. */
export function bySoonest(a: CertificateExpiry, b: CertificateExpiry): number {
  return a.expires_at - b.expires_at || a.label.localeCompare(b.label);
}
