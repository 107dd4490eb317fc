import type { ListQuery } from '@app/contract/list';
import { storageFileListFields } from '@app/contract/storage/files';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { files, storageFolders, teamStorage, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

/**
 * Files a team keeps in its storage: what it uploaded and what the product made for it (exports,
 * reports, chart images). Avatars and logos are files too, but not the storage page's.
 */
export const STORAGE_KINDS = ['upload', 'generated'] as const;

const fileList = bindList(storageFileListFields, {
  name: files.name,
  ext: sql<string>`lower(substring(${files.name} from '\\.([^.]+)$'))`,
  size: files.size,
  created_at: files.createdAt,
});

function fileRows(db: Db | Tx) {
  return db
    .select({
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      folderId: files.folderId,
      teamId: files.teamId,
      storageKey: files.storageKey,
      createdAt: files.createdAt,
      kind: files.kind,
      uploaderId: users.id,
      uploaderName: users.name,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.ownerId))
    .$dynamic();
}

export type StorageFileRecord = Awaited<ReturnType<ReturnType<typeof fileRows>['execute']>>[number];

const inStorage = (teamId: string) => and(eq(files.teamId, teamId), inArray(files.kind, [...STORAGE_KINDS]));

/**
 * Whose view of a team's storage: folders of a project are seen only by those who see the project
 * (its members, the team's owner and admins); `all` for the admin console acting on a team.
 */
export interface StorageViewer {
  teamId: string;
  projects: 'all' | string[];
}

function folderVisible(viewer: StorageViewer): SQL | undefined {
  if (viewer.projects === 'all') return undefined;
  return or(isNull(storageFolders.projectId), inArray(storageFolders.projectId, viewer.projects));
}

/** The viewer's folders, optionally those of one project. */
function visibleFolderIds(db: Db | Tx, viewer: StorageViewer, projectId?: string) {
  return db
    .select({ id: storageFolders.id })
    .from(storageFolders)
    .where(
      and(
        eq(storageFolders.teamId, viewer.teamId),
        folderVisible(viewer),
        projectId ? eq(storageFolders.projectId, projectId) : undefined,
      ),
    );
}

/** Files at the top level or in a folder the viewer sees (in the given project's folders only). */
function fileVisible(db: Db | Tx, viewer: StorageViewer, projectId?: string): SQL | undefined {
  if (projectId) return inArray(files.folderId, visibleFolderIds(db, viewer, projectId));
  if (viewer.projects === 'all') return undefined;
  return or(isNull(files.folderId), inArray(files.folderId, visibleFolderIds(db, viewer)));
}

/**
 * One folder's files (`root`: the top), or every file the viewer sees when `folderId` is absent;
 * with `projectId`, only files in that project's folders.
 */
export function listFileRows(
  db: Db,
  viewer: StorageViewer,
  query: ListQuery,
  where_: { folderId?: string; projectId?: string },
) {
  const { folderId, projectId } = where_;
  const folder =
    folderId === undefined
      ? undefined
      : folderId === 'root'
        ? isNull(files.folderId)
        : eq(files.folderId, folderId);
  const where = and(
    inStorage(viewer.teamId),
    fileVisible(db, viewer, projectId),
    folder,
    listWhere(query, fileList, (q) => searchColumns(q, [files.name])),
  );
  return listPage(
    db,
    query,
    () => fileRows(db).where(where),
    listOrder(query, fileList, [desc(files.createdAt), desc(files.id)]),
    () => db.select({ id: files.id }).from(files).where(where).$dynamic(),
  );
}

/**
 * A file of the team's storage the viewer sees, or null: another team's file, or one in a
 * project folder the viewer does not see, is as missing as a wrong id.
 */
export async function findTeamFile(db: Db | Tx, viewer: StorageViewer, id: string, lock = false) {
  const query = fileRows(db).where(and(eq(files.id, id), inStorage(viewer.teamId), fileVisible(db, viewer)));
  const [row] = lock ? await query.for('update', { of: files }) : await query;
  return row ?? null;
}

export async function findFileById(db: Db, id: string) {
  const [row] = await fileRows(db).where(and(eq(files.id, id), inArray(files.kind, [...STORAGE_KINDS])));
  return row ?? null;
}

export async function updateFileRow(tx: Tx, id: string, change: { name?: string; folderId?: string | null }) {
  await tx.update(files).set(change).where(eq(files.id, id));
}

export async function teamUsage(db: Db, teamId: string) {
  const [[counter], byType] = await Promise.all([
    db
      .select({ used: teamStorage.usedBytes, files: teamStorage.filesCount })
      .from(teamStorage)
      .where(eq(teamStorage.teamId, teamId)),
    db
      .select({
        ext: sql<string>`coalesce(lower(substring(${files.name} from '\\.([^.]+)$')), '')`,
        bytes: sql<number>`sum(${files.size})`.mapWith(Number),
        files: count(),
      })
      .from(files)
      .where(inStorage(teamId))
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`),
  ]);
  return { usedBytes: counter?.used ?? 0, filesCount: counter?.files ?? 0, byType };
}

export async function usedBytes(db: Db | Tx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ used: teamStorage.usedBytes })
    .from(teamStorage)
    .where(eq(teamStorage.teamId, teamId));
  return row?.used ?? 0;
}

// Folders

export type FolderRow = typeof storageFolders.$inferSelect;

export async function teamFolders(db: Db | Tx, teamId: string): Promise<FolderRow[]> {
  return db
    .select()
    .from(storageFolders)
    .where(eq(storageFolders.teamId, teamId))
    .orderBy(asc(sql`lower(${storageFolders.name})`), asc(storageFolders.createdAt));
}

/** Files per folder of the team (root files under the key ''). */
export async function filesPerFolder(db: Db, teamId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ folderId: files.folderId, n: count() })
    .from(files)
    .where(inStorage(teamId))
    .groupBy(files.folderId);
  return new Map(rows.map((row) => [row.folderId ?? '', row.n]));
}

/** The viewer's folders of the team, optionally one project's, sorted by name. */
export async function visibleFolders(
  db: Db | Tx,
  viewer: StorageViewer,
  projectId?: string,
): Promise<FolderRow[]> {
  return db
    .select()
    .from(storageFolders)
    .where(
      and(
        eq(storageFolders.teamId, viewer.teamId),
        folderVisible(viewer),
        projectId ? eq(storageFolders.projectId, projectId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${storageFolders.name})`), asc(storageFolders.createdAt));
}

/** A folder of the team the viewer sees, or null. */
export async function findTeamFolder(db: Db | Tx, viewer: StorageViewer, id: string) {
  const [row] = await db
    .select()
    .from(storageFolders)
    .where(and(eq(storageFolders.id, id), eq(storageFolders.teamId, viewer.teamId), folderVisible(viewer)));
  return row ?? null;
}

/** The sibling named `name` (any case) under `parentId`, if there is one. */
export async function findSibling(db: Db | Tx, teamId: string, parentId: string | null, name: string) {
  const [row] = await db
    .select()
    .from(storageFolders)
    .where(
      and(
        eq(storageFolders.teamId, teamId),
        parentId ? eq(storageFolders.parentId, parentId) : isNull(storageFolders.parentId),
        eq(sql`lower(${storageFolders.name})`, name.toLowerCase()),
      ),
    );
  return row ?? null;
}

export async function insertFolder(
  tx: Tx,
  row: { teamId: string; parentId: string | null; projectId: string | null; name: string; createdBy: string },
): Promise<string> {
  const [created] = await tx.insert(storageFolders).values(row).returning({ id: storageFolders.id });
  if (!created) throw new Error('folder row was not written');
  return created.id;
}

export async function updateFolderRow(
  tx: Tx,
  id: string,
  change: { name?: string; parentId?: string | null },
) {
  await tx.update(storageFolders).set(change).where(eq(storageFolders.id, id));
}

/** Ids of files in the given folders. */
export async function fileIdsIn(tx: Tx, folderIds: string[]): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await tx.select({ id: files.id }).from(files).where(inArray(files.folderId, folderIds));
  return rows.map((row) => row.id);
}

export async function deleteFolderRows(tx: Tx, ids: string[]) {
  if (ids.length) await tx.delete(storageFolders).where(inArray(storageFolders.id, ids));
}

/** Serialises structure changes of one team's tree (a move racing a move could make a cycle). */
export async function lockTeamTree(tx: Tx, teamId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`storage-tree:${teamId}`}))`);
}
