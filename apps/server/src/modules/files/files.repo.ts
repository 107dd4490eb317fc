import { and, eq, inArray, sql } from 'drizzle-orm';
import { files, teamStorage } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export interface NewFileRow {
  kind: string;
  storageKey: string;
  name: string;
  mime: string;
  size: number;
  ownerId: string | null;
  teamId: string | null;
  public: boolean;
  folderId?: string | null;
}

/**
 * Writes a file row and counts its bytes against its team in the same transaction. With
 * `limitBytes`, the count moves only if the team stays within it: one conditional update of the
 * team's counter row, which parallel uploads take in turn, so together they never pass the limit.
 * Answers null when the file does not fit (nothing is written).
 */
export async function insertFile(tx: Tx, row: NewFileRow, limitBytes?: number): Promise<string | null> {
  if (row.teamId) {
    const fits = await countBytes(tx, row.teamId, row.size, 1, limitBytes);
    if (!fits) return null;
  }
  const [inserted] = await tx.insert(files).values(row).returning({ id: files.id });
  if (!inserted) throw new Error('file row was not written');
  return inserted.id;
}

/** Moves a team's counters by `bytes` and `count`; false when a limit is given and would be passed. */
async function countBytes(tx: Tx, teamId: string, bytes: number, count: number, limitBytes?: number) {
  await tx.insert(teamStorage).values({ teamId }).onConflictDoNothing();
  const within =
    limitBytes === undefined ? undefined : sql`${teamStorage.usedBytes} + ${bytes} <= ${limitBytes}`;
  const moved = await tx
    .update(teamStorage)
    .set({
      usedBytes: sql`greatest(${teamStorage.usedBytes} + ${bytes}, 0)`,
      filesCount: sql`greatest(${teamStorage.filesCount} + ${count}, 0)`,
      updatedAt: new Date(),
    })
    .where(and(eq(teamStorage.teamId, teamId), within))
    .returning({ used: teamStorage.usedBytes });
  return moved.length > 0;
}

/** Only files flagged public are ever served without a token. */
export async function findPublicFile(db: Db, id: string) {
  const [row] = await db
    .select({ id: files.id, storageKey: files.storageKey, mime: files.mime, size: files.size })
    .from(files)
    .where(and(eq(files.id, id), eq(files.public, true)));
  return row ?? null;
}

export async function lockOwnedFiles(tx: Tx, ownerId: string, kind: string) {
  return tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.kind, kind)))
    .for('update');
}

/** Deletes the rows and returns their storage keys, whose bytes go once the transaction commits. */
export async function deleteFileRows(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(inArray(files.id, ids))
    .returning({ storageKey: files.storageKey, teamId: files.teamId, size: files.size });
  const byTeam = new Map<string, { bytes: number; count: number }>();
  for (const row of removed) {
    if (!row.teamId) continue;
    const sum = byTeam.get(row.teamId) ?? { bytes: 0, count: 0 };
    byTeam.set(row.teamId, { bytes: sum.bytes + row.size, count: sum.count + 1 });
  }
  for (const [teamId, sum] of byTeam) await countBytes(tx, teamId, -sum.bytes, -sum.count);
  return removed.map((row) => row.storageKey);
}
