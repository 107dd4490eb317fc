import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
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
}

export async function insertFile(tx: Tx, row: NewFileRow): Promise<string> {
  const [inserted] = await tx.insert(files).values(row).returning({ id: files.id });
  if (!inserted) throw new Error('file row was not written');
  return inserted.id;
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
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}
