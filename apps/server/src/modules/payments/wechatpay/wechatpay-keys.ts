import { createHash } from 'node:crypto';
import type { Platform } from '../../../platform/platform';
import {
  CertificateDownloadError,
  downloadPlatformCertificates,
  type PlatformCertificate,
  publicKeyOf,
  type ReadyWechatpayValues,
  usesPublicKey,
  type VerifyingKeys,
} from '../../foreign-keys/wechatpay-api';

/**
 * The keys WeChat Pay's answers and notices are verified with, by the serial each names: the
 * WeChat Pay public key (`PUB_KEY_ID_…`) when the vault has it, and the platform certificates
 * otherwise, downloaded and kept per instance. During a rotation WeChat Pay has two certificates
 * and signs with either; the serial picks the key (go-pay/gopay#256: an SDK that took the newest
 * one). Read on every use from the vault's values, so an admin who sets the public key switches
 * modes without a restart.
 */

/** Platform certificates are downloaded again after this long (WeChat Pay's advice: every 12 h). */
export const CERTIFICATE_REFRESH_MS = 12 * 60 * 60 * 1000;

/**
 * A serial we do not know sends us to download the certificates again (a rotation began), but
 * anyone may post a notice naming any serial: each serial does so once in ten minutes, and all of
 * them together at most this often a minute.
 */
export const UNKNOWN_SERIAL_REFRESHES_PER_MINUTE = 5;
const SAME_SERIAL_AGAIN_MS = 10 * 60 * 1000;

interface Held {
  certificates: PlatformCertificate[];
  /** When the certificates were last downloaded (0: never). */
  fetchedAt: number;
  /** The download under way, shared by everyone who needs it (ten notices at once make one). */
  downloading: Promise<void> | null;
  unknownRefreshes: number[];
  serialsTried: Map<string, number>;
}

const held = new WeakMap<Platform, Map<string, Held>>();

/** Certificates belong to a merchant, an APIv3 key and a host: other values, other certificates. */
function heldFor(platform: Platform, values: ReadyWechatpayValues): Held {
  const byValues = held.get(platform) ?? new Map<string, Held>();
  held.set(platform, byValues);
  const fingerprint = createHash('sha256')
    .update([values.mchid, values.merchant_serial, values.apiv3_key, values.base_url ?? ''].join('\n'))
    .digest('hex');
  let found = byValues.get(fingerprint);
  if (!found) {
    found = {
      certificates: [],
      fetchedAt: 0,
      downloading: null,
      unknownRefreshes: [],
      serialsTried: new Map(),
    };
    byValues.set(fingerprint, found);
  }
  return found;
}

function mayRefreshFor(entry: Held, serial: string, now: number): boolean {
  const tried = entry.serialsTried.get(serial);
  if (tried !== undefined && now - tried < SAME_SERIAL_AGAIN_MS) return false;
  entry.unknownRefreshes = entry.unknownRefreshes.filter((at) => now - at < 60_000);
  if (entry.unknownRefreshes.length >= UNKNOWN_SERIAL_REFRESHES_PER_MINUTE) return false;
  entry.unknownRefreshes.push(now);
  entry.serialsTried.set(serial, now);
  return true;
}

async function download(entry: Held, values: ReadyWechatpayValues, quiet: boolean): Promise<void> {
  entry.downloading ??= (async () => {
    try {
      entry.certificates = await downloadPlatformCertificates(values);
      entry.fetchedAt = Date.now();
    } catch (error) {
      // A merchant in public-key mode may have no certificate at all: then there is none to add.
      if (!(quiet && error instanceof CertificateDownloadError)) throw error;
      entry.fetchedAt = Date.now();
    } finally {
      entry.downloading = null;
    }
  })();
  await entry.downloading;
}

/**
 * The verifying keys now. `wanted` is a serial an answer or a notice named: unknown, it may cause
 * one download (a new certificate), within the limits above. In platform-certificate mode the
 * certificates are downloaded when none are held or they are 12 hours old; a download that fails
 * then keeps the ones held, and with none held it throws (the notice is answered 500 and WeChat
 * Pay delivers it again).
 */
export async function verifyingKeys(
  platform: Platform,
  values: ReadyWechatpayValues,
  wanted: string | null = null,
): Promise<VerifyingKeys> {
  const keys = publicKeyOf(values);
  const entry = heldFor(platform, values);
  const now = Date.now();
  const certificateMode = !usesPublicKey(values);
  const known = (serial: string) =>
    keys.has(serial) || entry.certificates.some((cert) => cert.serial === serial);
  if (certificateMode && (entry.fetchedAt === 0 || now - entry.fetchedAt > CERTIFICATE_REFRESH_MS)) {
    try {
      await download(entry, values, false);
    } catch (error) {
      if (entry.certificates.length === 0) throw error;
    }
  }
  // In public-key mode a certificate serial is looked for only while a merchant moves between modes.
  if (wanted && !known(wanted) && (certificateMode || !wanted.startsWith('PUB_KEY_ID_'))) {
    if (mayRefreshFor(entry, wanted, now)) await download(entry, values, true).catch(() => undefined);
  }
  for (const cert of entry.certificates) if (cert.notAfter.getTime() > now) keys.set(cert.serial, cert.key);
  return keys;
}

/**
 * The platform certificates held for these values, for their expiry on the foreign-keys page and
 * in the admins' warning: downloaded first when none are held or they are 12 hours old, as for a
 * payment. None in public-key mode, or while WeChat Pay cannot be reached and none are held.
 */
export async function platformCertificates(
  platform: Platform,
  values: ReadyWechatpayValues,
): Promise<PlatformCertificate[]> {
  if (usesPublicKey(values)) return [];
  try {
    await verifyingKeys(platform, values);
  } catch {
    // Nothing held and no download: nothing to show.
  }
  return [...heldFor(platform, values).certificates];
}
