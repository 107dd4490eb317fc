import type { Platform } from '../../platform/platform';
import { allFileKeys } from './admin-storage.repo';

/**
 * Bytes a killed process left in the store without their row: an upload writes its bytes first and
 * its row (with the quota counted) after, so a kill between the two leaves an object nobody counts.
 * Run at start-up, before the server listens. `graceMs` spares objects that may be another
 * instance's upload in flight; with the embedded database this process owns the data folder
 * (folder-lock.ts), so nothing is in flight and every row-less object is an orphan.
 */
export async function removeOrphanedUploads(platform: Platform, graceMs: number) {
  const keyed = new Set([
    ...(await allFileKeys(platform.db)).map((row) => row.key),
    // Shared analytics versions are the store's own objects, not uploads without a row.
    ...(await platform.analytics.objectKeys()),
  ]);
  const cutoff = Date.now() - graceMs;
  const orphans: { key: string; size: number }[] = [];
  for await (const object of platform.files.list()) {
    const settled = !object.lastModified || object.lastModified.getTime() <= cutoff;
    if (!keyed.has(object.key) && settled) orphans.push({ key: object.key, size: object.size });
  }
  for (const orphan of orphans) await platform.files.remove(orphan.key);
  return { objects: orphans.length, bytes: orphans.reduce((sum, orphan) => sum + orphan.size, 0) };
}
