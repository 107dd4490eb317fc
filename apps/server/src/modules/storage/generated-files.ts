import type { StoredFile } from '@app/contract/storage/files';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { storageLimitBytes } from '../billing/storage-limit';
import { insertFile } from '../files/files.service';
import { cleanFileName } from './file-type';
import { findTeamFile } from './storage.repo';
import { createFileLink, toStoredFile } from './storage-files.service';

/** What the product makes for a user: exports, reports and chart images. */
export const GENERATED_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
} as const;
export type GeneratedExt = keyof typeof GENERATED_TYPES;

/** The upload dialog's words for a full space, so a user reads the same thing either way. */
export const SPACE_FULL = 'The data space is full, please clear some data first.';

/**
 * The one way the product stores bytes it made (ARCHITECTURE section 8, "Results are kept"): into
 * the team's storage, at the top level, as `generated`, made by `userId`, counted against the
 * team's quota in the transaction that writes its row (as an upload is), so it is listed on
 * `/account/user/storage`, downloaded through the signed links, and removed like any other file.
 * A body that does not fit is refused with CONFLICT naming `file` and nothing is kept.
 */
export async function storeGeneratedFile(
  platform: Platform,
  owner: { teamId: string; userId: string },
  file: { name: string; ext: GeneratedExt; body: Buffer },
): Promise<StoredFile> {
  const mime = GENERATED_TYPES[file.ext];
  // The name says what the file is, so a download opens in the right program.
  const cleaned = cleanFileName(file.name, file.ext);
  const name = cleaned.toLowerCase().endsWith(`.${file.ext}`)
    ? cleaned
    : cleanFileName(`${cleaned}.${file.ext}`, file.ext);
  const limit = await storageLimitBytes(platform, owner.teamId);
  const stored = await platform.files.put(file.body, { ext: file.ext, contentType: mime });
  let kept: StoredFile | null;
  try {
    kept = await platform.db.transaction(async (tx) => {
      const id = await insertFile(
        tx,
        {
          kind: 'generated',
          storageKey: stored.key,
          name,
          mime,
          size: stored.size,
          ownerId: owner.userId,
          teamId: owner.teamId,
          public: false,
          folderId: null,
        },
        limit,
      );
      if (!id) return null;
      const row = await findTeamFile(tx, { teamId: owner.teamId, projects: 'all' }, id);
      if (!row) throw new AppError('SERVER_ERROR');
      return toStoredFile(row);
    });
  } catch (error) {
    await platform.files.remove(stored.key).catch(() => undefined);
    throw error;
  }
  if (!kept) {
    await platform.files.remove(stored.key).catch(() => undefined);
    throw new AppError('CONFLICT', { msg: SPACE_FULL, fields: { file: SPACE_FULL } });
  }
  return kept;
}

/**
 * A generated file made for the caller and a download link to it: what an export answers
 * (`file_path` is the signed link, short-lived, that saves it under its name).
 */
export async function storeGeneratedForDownload(
  platform: Platform,
  ctx: SignedInContext,
  file: { name: string; ext: GeneratedExt; body: Buffer },
) {
  const kept = await storeGeneratedFile(platform, { teamId: ctx.team.id, userId: ctx.user.id }, file);
  const link = await createFileLink(platform, ctx, kept.id, 'attachment');
  return { file_path: link.url, expires_at: link.expires_at, file: kept };
}
