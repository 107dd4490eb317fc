import { and, desc, eq } from 'drizzle-orm';
import { datasets, files } from '../../db/schema';
import type { Db } from '../../platform/db';

export type DatasetRow = typeof datasets.$inferSelect;

export async function teamDatasets(db: Db, teamId: string): Promise<DatasetRow[]> {
  return db.select().from(datasets).where(eq(datasets.teamId, teamId)).orderBy(desc(datasets.updatedAt));
}

export async function findTeamDataset(db: Db, teamId: string, id: string): Promise<DatasetRow | null> {
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, id), eq(datasets.teamId, teamId)));
  return row ?? null;
}

export async function findDataset(db: Db, id: string): Promise<DatasetRow | null> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  return row ?? null;
}

export async function insertDataset(
  db: Db,
  row: { teamId: string; name: string; fileId: string; columns: DatasetRow['columns']; createdBy: string },
): Promise<DatasetRow> {
  const [created] = await db.insert(datasets).values(row).returning();
  if (!created) throw new Error('dataset row was not written');
  return created;
}

export async function updateDataset(
  db: Db,
  id: string,
  change: Partial<
    Pick<DatasetRow, 'name' | 'fileId' | 'columns' | 'status' | 'progress' | 'error' | 'rowCount'>
  >,
): Promise<DatasetRow | null> {
  const [row] = await db
    .update(datasets)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(datasets.id, id))
    .returning();
  return row ?? null;
}

export async function deleteDatasetRow(db: Db, id: string) {
  await db.delete(datasets).where(eq(datasets.id, id));
}

/** A file of the team's storage a dataset may be made from. */
export async function findTeamUpload(db: Db, teamId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id, name: files.name, mime: files.mime, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.teamId, teamId), eq(files.kind, 'upload')));
  return row ?? null;
}
