import type { CertificateExpiry, ForeignKeyKindName } from '@app/contract/admin/foreign-keys/foreign-keys';
import type { Platform } from '../../platform/platform';
import { alipayCertificateExpiries } from './alipay-api';
import { bySoonest, expiryOf } from './certificates';

/** A certificate a kind's values fetch from the provider (not held in a field). */
export interface FetchedCertificate {
  serial: string;
  notAfter: Date;
}

interface Source {
  /** What the certificates are (a msgid), e.g. `WeChat Pay platform certificate`. */
  label: string;
  fetch: (values: Record<string, string>) => Promise<FetchedCertificate[]>;
}

const sources = new WeakMap<Platform, Map<ForeignKeyKindName, Source>>();

/**
 * The module that fetches a kind's certificates says how to have them (payments: WeChat Pay's
 * platform certificates, downloaded and kept as payments use them), so that this module, which
 * payments depends on, does not depend on payments in turn.
 */
export function provideFetchedCertificates(
  platform: Platform,
  kind: ForeignKeyKindName,
  source: Source,
): void {
  const found = sources.get(platform) ?? new Map<ForeignKeyKindName, Source>();
  found.set(kind, source);
  sources.set(platform, found);
}

/**
 * The certificates a kind's values hold or fetch, soonest to expire first: Alipay's three in
 * certificate mode; WeChat Pay's platform certificates as payments download and keep them (none
 * in public-key mode; the `wechatpay` kind keeps no certificate of the merchant's own, only its
 * serial). `waitMs` bounds how long a page waits for a fetch: past it, the kind is shown without
 * them (the fetch goes on, and is there for the next look).
 */
export async function certificateExpiries(
  platform: Platform,
  kind: ForeignKeyKindName,
  values: Record<string, string> | null,
  now = new Date(),
  waitMs?: number,
): Promise<CertificateExpiry[]> {
  if (!values) return [];
  if (kind === 'alipay') return alipayCertificateExpiries(values, now).sort(bySoonest);
  const source = sources.get(platform)?.get(kind);
  if (!source) return [];
  const fetching = source.fetch(values).catch((): FetchedCertificate[] => []);
  let certificates: FetchedCertificate[];
  if (waitMs === undefined) certificates = await fetching;
  else {
    let timer: NodeJS.Timeout | undefined;
    certificates = await Promise.race([
      fetching,
      new Promise<FetchedCertificate[]>((resolve) => {
        timer = setTimeout(() => resolve([]), waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
  return certificates
    .map((certificate) =>
      expiryOf(
        { serial: certificate.serial, validTo: certificate.notAfter },
        { field: null, label: source.label },
        now,
      ),
    )
    .sort(bySoonest);
}
