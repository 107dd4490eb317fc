import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { audited, recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { findTeamRow } from '../admin-teams/admin-teams.service';
import { storageLimitBytes } from '../billing/storage-limit';
import { deleteFileRows, removeBytes } from '../files/files.service';
import { allFileKeys, findAnyStorageFile, listAdminFileRows, storageTotals } from './admin-storage.repo';
import { toStoredFile } from './storage-files.service';
import type { UploadTarget } from './upload.service';

/**
 * The admin upload goes into `teamId` (the admin's current team when absent) and is recorded as
 * an admin operation before the files arrive.
 */
export async function adminUploadTarget(
  platform: Platform,
  ctx: SignedInContext,
  teamId: string | undefined,
): Promise<UploadTarget> {
  const target = teamId ?? ctx.team.id;
  if (!(await findTeamRow(platform.db, target))) throw new AppError('NOT_FOUND', { msg: 'Team not found' });
  await recordOperation(
    platform.db,
    ctx,
    { action: 'storage.upload', targetType: 'team', targetId: target },
    { after: { team_id: target } },
  );
  // The admin console acts on the whole team: every folder, a project's included.
  return { viewer: { teamId: target, projects: 'all' }, userId: ctx.user.id };
}

export async function listAdminFiles(platform: Platform, query: ListQuery) {
  return toListPage(query, await listAdminFileRows(platform.db, query), (row) => ({
    ...toStoredFile(row),
    team: { id: row.teamId ?? '', name: row.teamName },
  }));
}

export async function deleteAnyFile(platform: Platform, ctx: SignedInContext, id: string) {
  const file = await findAnyStorageFile(platform.db, id);
  if (!file) throw new AppError('NOT_FOUND', { msg: 'File not found' });
  const keys = await audited(
    platform.db,
    ctx,
    { action: 'storage.file.delete', targetType: 'file', targetId: id },
    async (tx) => ({
      result: await deleteFileRows(tx, [id]),
      before: { name: file.name, size: file.size, team_id: file.teamId },
    }),
  );
  await removeBytes(platform, keys);
  return { deleted: true as const };
}

export async function storageStat(platform: Platform) {
  const stat = await storageTotals(platform.db);
  const byTeam = await Promise.all(
    stat.byTeam.map(async (row) => ({
      team_id: row.teamId,
      team_name: row.teamName,
      bytes: row.bytes,
      files: row.files,
      limit_bytes: await storageLimitBytes(platform, row.teamId),
    })),
  );
  return {
    total_bytes: stat.totals.bytes,
    total_files: stat.totals.files,
    by_team: byTeam,
    by_type: stat.byType,
    by_month: stat.byMonth,
    nearest_quota: [...byTeam]
      .sort((a, b) => b.bytes / b.limit_bytes - a.bytes / a.limit_bytes)
      .slice(0, 10)
      .map(({ team_id, team_name, bytes, limit_bytes }) => ({ team_id, team_name, bytes, limit_bytes })),
    computed_at: toSeconds(new Date()),
  };
}

/** Objects younger than this may be an upload between its bytes and its row: never orphans yet. */
const ORPHAN_GRACE_MS = 10 * 60 * 1000;

async function findOrphans(platform: Platform) {
  const rows = await allFileKeys(platform.db);
  // Shared analytics versions are the store's own objects, not uploads without a row.
  const keyed = new Set([...rows.map((row) => row.key), ...(await platform.analytics.objectKeys())]);
  const objects = new Map<string, number>();
  const objectsWithoutRow: { key: string; size: number }[] = [];
  const cutoff = Date.now() - ORPHAN_GRACE_MS;
  for await (const object of platform.files.list()) {
    objects.set(object.key, object.size);
    const settled = !object.lastModified || object.lastModified.getTime() < cutoff;
    if (!keyed.has(object.key) && settled) objectsWithoutRow.push({ key: object.key, size: object.size });
  }
  const rowsWithoutObject = rows
    .filter((row) => !objects.has(row.key))
    .map((row) => ({ id: row.id, name: row.name, team_id: row.teamId }));
  return { objectsWithoutRow, rowsWithoutObject };
}

export async function checkOrphans(platform: Platform) {
  const found = await findOrphans(platform);
  return {
    objects_without_row: found.objectsWithoutRow,
    rows_without_object: found.rowsWithoutObject,
    checked_at: toSeconds(new Date()),
  };
}

export async function cleanOrphans(platform: Platform, ctx: SignedInContext) {
  const found = await findOrphans(platform);
  const rowsRemoved = await audited(
    platform.db,
    ctx,
    { action: 'storage.orphans.clean', targetType: 'storage', targetId: null },
    async (tx) => {
      const removed = await deleteFileRows(
        tx,
        found.rowsWithoutObject.map((row) => row.id),
      );
      return {
        result: removed.length,
        after: { objects: found.objectsWithoutRow.length, rows: removed.length },
      };
    },
  );
  await Promise.all(found.objectsWithoutRow.map((object) => platform.files.remove(object.key)));
  return { objects_removed: found.objectsWithoutRow.length, rows_removed: rowsRemoved };
}
