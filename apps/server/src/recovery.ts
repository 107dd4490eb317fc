import type { FastifyBaseLogger } from 'fastify';
import { releaseExpiredReservations } from './modules/credits/credits.service';
import { removeOrphanedUploads } from './modules/storage/orphan-recovery';
import type { Platform } from './platform/platform';

/**
 * What a start after a crash (kill -9, power loss) puts right before the server listens, and says
 * so in one log line: credit holds whose lease ran out are released (their credits available
 * again), and upload bytes left without their row are removed. Jobs need nothing here: pg-boss
 * hands a dead worker's active jobs out again when their expiry passes.
 */

/** The admin orphan check's grace (admin-storage.service.ts): a younger object may be an upload in flight. */
const SHARED_ORPHAN_GRACE_MS = 10 * 60 * 1000;

export interface Recovered {
  credit_holds_released: number;
  orphaned_objects_removed: number;
  orphaned_bytes_removed: number;
}

export async function recoverAtStart(
  platform: Platform,
  databaseKind: 'pglite' | 'postgres',
  log: FastifyBaseLogger,
): Promise<Recovered> {
  const credit_holds_released = await releaseExpiredReservations(platform);
  // On PostgreSQL other instances may be uploading right now; the embedded database is ours alone.
  const orphans = await removeOrphanedUploads(
    platform,
    databaseKind === 'pglite' ? 0 : SHARED_ORPHAN_GRACE_MS,
  );
  const recovered = {
    credit_holds_released,
    orphaned_objects_removed: orphans.objects,
    orphaned_bytes_removed: orphans.bytes,
  };
  // Something to put right means the last run ended badly: worth a warning an operator sees.
  const anything = Object.values(recovered).some((count) => count > 0);
  log[anything ? 'warn' : 'info']({ recovered }, 'start-up recovery');
  return recovered;
}
