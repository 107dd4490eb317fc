import type { ListQuery } from '@app/contract/list';
import { adminStorageFileListFields } from '@app/contract/storage/admin-storage';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { files, teamStorage, teams, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';
import { STORAGE_KINDS } from './storage.repo';

const extExpr = sql<string>`coalesce(lower(substring(${files.name} from '\\.([^.]+)$')), '')`;

const adminFileList = bindList(adminStorageFileListFields, {
  name: files.name,
  ext: extExpr,
  size: files.size,
  team_name: teams.name,
  uploader_email: users.email,
  created_at: files.createdAt,
});

const inStorage = inArray(files.kind, [...STORAGE_KINDS]);

function adminFileRows(db: Db) {
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
      teamName: teams.name,
    })
    .from(files)
    .innerJoin(teams, eq(teams.id, files.teamId))
    .leftJoin(users, eq(users.id, files.ownerId))
    .$dynamic();
}

export function listAdminFileRows(db: Db, query: ListQuery) {
  const where = and(
    inStorage,
    listWhere(query, adminFileList, (q) => searchColumns(q, [files.name, teams.name, users.email])),
  );
  return listPage(
    db,
    query,
    () => adminFileRows(db).where(where),
    listOrder(query, adminFileList, [desc(files.createdAt), desc(files.id)]),
    () =>
      db
        .select({ id: files.id })
        .from(files)
        .innerJoin(teams, eq(teams.id, files.teamId))
        .leftJoin(users, eq(users.id, files.ownerId))
        .where(where)
        .$dynamic(),
  );
}

export async function findAnyStorageFile(db: Db, id: string) {
  const [row] = await adminFileRows(db).where(and(eq(files.id, id), inStorage));
  return row ?? null;
}

/** Totals over every file row that belongs to a team (what quotas count). */
export async function storageTotals(db: Db) {
  const month = sql<string>`to_char(${files.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [[totals], byTeam, byType, byMonth] = await Promise.all([
    db
      .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number), files: count() })
      .from(files)
      .where(sql`${files.teamId} is not null`),
    db
      .select({
        teamId: teams.id,
        teamName: teams.name,
        bytes: teamStorage.usedBytes,
        files: teamStorage.filesCount,
      })
      .from(teamStorage)
      .innerJoin(teams, eq(teams.id, teamStorage.teamId))
      .where(sql`${teamStorage.filesCount} > 0`)
      .orderBy(desc(teamStorage.usedBytes))
      .limit(100),
    db
      .select({ ext: extExpr, bytes: sql<number>`sum(${files.size})`.mapWith(Number), files: count() })
      .from(files)
      .where(sql`${files.teamId} is not null`)
      .groupBy(extExpr)
      .orderBy(sql`2 desc`),
    db
      .select({ month, bytes: sql<number>`sum(${files.size})`.mapWith(Number), files: count() })
      .from(files)
      .where(sql`${files.teamId} is not null`)
      .groupBy(month)
      .orderBy(month),
  ]);
  return { totals: totals ?? { bytes: 0, files: 0 }, byTeam, byType, byMonth };
}

/** Every file row's key (the orphan check compares them with the store's objects). */
export async function allFileKeys(db: Db) {
  return db
    .select({ id: files.id, name: files.name, teamId: files.teamId, key: files.storageKey })
    .from(files);
}
