import type { ListQuery } from '@app/contract/list';
import type { StoredFile } from '@app/contract/storage/files';
import { userNameProblem } from '@app/contract/storage/user-name';
import { AppError, validationError } from '../../platform/app-error';
import type { BytesAnswer, SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { contentDisposition, ObjectMissing, signDownload, verifyDownload } from '../../platform/storage';
import { storageLimitBytes } from '../billing/storage-limit';
import { deleteFileRows, removeBytes } from '../files/files.service';
import { findMembership } from '../teams/teams.service';
import {
  findFileById,
  findTeamFile,
  findTeamFolder,
  listFileRows,
  type StorageFileRecord,
  teamUsage,
  updateFileRow,
} from './storage.repo';
import { assertSeesProject, storageViewer } from './storage-viewer';

// What other modules may use of this module's queries (they never import its repositories).
export { usedBytes } from './storage.repo';

export const FILE_NOT_FOUND = 'File not found';
/** How long a download or preview link works. */
export const LINK_SECONDS = 300;

function extOf(name: string): string {
  return /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

export function toStoredFile(row: StorageFileRecord): StoredFile {
  return {
    id: row.id,
    name: row.name,
    ext: extOf(row.name),
    mime: row.mime,
    size: row.size,
    folder_id: row.folderId,
    uploaded_by: row.uploaderId ? { id: row.uploaderId, username: row.uploaderName ?? '' } : null,
    created_at: toSeconds(row.createdAt),
    origin: row.kind === 'generated' ? 'generated' : 'upload',
  };
}

export async function listFiles(
  platform: Platform,
  ctx: SignedInContext,
  query: ListQuery & { folder_id?: string; project_id?: string },
) {
  const viewer = await storageViewer(platform, ctx);
  assertSeesProject(viewer, query.project_id);
  return toListPage(
    query,
    await listFileRows(platform.db, viewer, query, {
      folderId: query.folder_id,
      projectId: query.project_id,
    }),
    toStoredFile,
  );
}

/** A file of the caller's storage they may see, or null (for other modules: datasets, chat). */
export async function findVisibleFile(platform: Platform, ctx: SignedInContext, id: string) {
  return findTeamFile(platform.db, await storageViewer(platform, ctx), id);
}

export async function updateFile(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { name?: string; folder_id?: string | null },
) {
  const viewer = await storageViewer(platform, ctx);
  return platform.db.transaction(async (tx) => {
    const file = await findTeamFile(tx, viewer, id, true);
    if (!file) throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
    if (input.folder_id && !(await findTeamFolder(tx, viewer, input.folder_id)))
      throw validationError({ folder_id: 'Folder not found' });
    // The type was decided by the content: a rename keeps the extension.
    let name = input.name;
    if (name !== undefined) {
      const ext = extOf(file.name);
      if (ext && extOf(name) !== ext) name = `${name}.${ext}`;
      // Checked again here: the extension added may take it past the limit.
      const problem = userNameProblem(name);
      if (problem) throw validationError({ name: problem });
    }
    await updateFileRow(tx, id, { name, folderId: input.folder_id });
    const updated = await findTeamFile(tx, viewer, id);
    if (!updated) throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
    return { file: toStoredFile(updated) };
  });
}

export async function deleteFile(platform: Platform, ctx: SignedInContext, id: string) {
  const viewer = await storageViewer(platform, ctx);
  const keys = await platform.db.transaction(async (tx) => {
    const file = await findTeamFile(tx, viewer, id, true);
    if (!file) throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
    return deleteFileRows(tx, [id]);
  });
  await removeBytes(platform, keys);
  return { deleted: true as const };
}

/**
 * A link for a new window, which carries no bearer header: S3's presigned URL where the backend
 * has one, else the app's HMAC-signed URL bound to the file and the caller. Either expires soon.
 */
export async function createFileLink(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  disposition: 'inline' | 'attachment',
) {
  const file = await findTeamFile(platform.db, await storageViewer(platform, ctx), id);
  if (!file) throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
  const expires = Math.floor(Date.now() / 1000) + LINK_SECONDS;
  const presigned = await platform.files.signedUrl(file.storageKey, {
    fileName: file.name,
    contentType: file.mime,
    disposition,
    expiresInSeconds: LINK_SECONDS,
  });
  const token = signDownload(platform.secret, { fileId: file.id, userId: ctx.user.id, disposition, expires });
  return {
    url: presigned ?? `/api/storage/download?token=${encodeURIComponent(token)}`,
    expires_at: expires,
  };
}

/** Parses `bytes=a-b` / `bytes=a-` / `bytes=-n` against `size`; null for no (or an unusable) range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || size === 0) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  if (!from) {
    const suffix = Number(to);
    return suffix > 0 ? { start: Math.max(size - suffix, 0), end: size - 1 } : null;
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : null;
}

/** The bytes behind a signed link, while it lasts and while its user is still in the file's team. */
export async function downloadFile(
  platform: Platform,
  token: string,
  rangeHeader?: string,
): Promise<BytesAnswer> {
  const grant = verifyDownload(platform.secret, token);
  if (!grant) throw new AppError('NOT_FOUND', { msg: 'This link is not valid or has expired' });
  const file = await findFileById(platform.db, grant.fileId);
  if (!file?.teamId || !(await findMembership(platform.db, file.teamId, grant.userId)))
    throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
  const range = parseRange(rangeHeader, file.size);
  try {
    const read = await platform.files.get(file.storageKey, range ?? undefined);
    const headers: Record<string, string> = {
      'content-disposition': contentDisposition(grant.disposition, file.name),
      'accept-ranges': 'bytes',
      'content-length': String(read.end - read.start + 1),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    };
    if (range) headers['content-range'] = `bytes ${read.start}-${read.end}/${read.size}`;
    if (file.size === 0) headers['content-length'] = '0';
    // A file shown in the browser is the user's content, not our page: it may run nothing and
    // load nothing. The browser's PDF viewer is a plugin of the document it shows, which the
    // app's `object-src 'none'` would block, so a preview allows exactly that.
    headers['content-security-policy'] =
      grant.disposition === 'inline' && file.mime === 'application/pdf'
        ? "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'"
        : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
    return { type: file.mime, body: read.body, status: range ? 206 : 200, headers };
  } catch (error) {
    if (error instanceof ObjectMissing) throw new AppError('NOT_FOUND', { msg: FILE_NOT_FOUND });
    throw error;
  }
}

export async function storageUsage(platform: Platform, ctx: SignedInContext) {
  const [usage, limit] = await Promise.all([
    teamUsage(platform.db, ctx.team.id),
    storageLimitBytes(platform, ctx.team.id),
  ]);
  return {
    used_bytes: usage.usedBytes,
    limit_bytes: limit,
    files_count: usage.filesCount,
    by_type: usage.byType.map((row) => ({ ext: row.ext, bytes: row.bytes, files: row.files })),
  };
}
