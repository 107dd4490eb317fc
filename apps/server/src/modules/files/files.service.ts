import { publicFileUrl } from '@app/contract/files/get-file';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { Platform } from '../../platform/platform';
import { readAll } from '../../platform/storage';
import { deleteFileRows, findPublicFile, insertFile } from './files.repo';
import type { UploadedFile } from './image-upload';

// What other modules may use of this module's queries (they never import its repositories).
export { deleteFileRows, insertFile, lockOwnedFiles } from './files.repo';

export interface FileMeta {
  /** avatar | brand_logo | upload */
  kind: string;
  ownerId: string | null;
  teamId: string | null;
  public: boolean;
}

export interface StoredFile {
  id: string;
  /** `/api/files/{id}`; served only when the file is public. */
  url: string;
}

/**
 * Stores an upload: the bytes under a random key, then, in one transaction, its row and whatever
 * `link` does with it (point the user's avatar or the team's logo at it). `link` answers the ids of
 * the files the new one replaces; their rows go in the same transaction and their bytes after it
 * commits. If anything fails the new bytes are removed again, so no file is left without a row.
 */
export async function storeFile(
  platform: Platform,
  upload: UploadedFile,
  meta: FileMeta,
  link: (tx: Tx, file: StoredFile) => Promise<string[]>,
): Promise<StoredFile> {
  const { key: storageKey } = await platform.files.put(upload.bytes, {
    ext: upload.ext,
    contentType: upload.mime,
  });
  let replacedKeys: string[];
  let stored: StoredFile;
  try {
    ({ stored, replacedKeys } = await platform.db.transaction(async (tx) => {
      const id = await insertFile(tx, {
        ...meta,
        storageKey,
        name: upload.name,
        mime: upload.mime,
        size: upload.bytes.length,
      });
      // Avatars and logos are counted but never refused for space (no limit given).
      if (!id) throw new Error('file row was not written');
      const file = { id, url: publicFileUrl(id) };
      const replaced = await link(tx, file);
      return {
        stored: file,
        replacedKeys: await deleteFileRows(
          tx,
          replaced.filter((old) => old !== id),
        ),
      };
    }));
  } catch (error) {
    await platform.files.remove(storageKey).catch(() => undefined);
    throw error;
  }
  await removeBytes(platform, replacedKeys);
  return stored;
}

/**
 * Removes the bytes of files whose rows are already gone. A failure leaves an unreferenced file on
 * disk, never a row pointing at nothing, so it is not worth failing the request for.
 */
export async function removeBytes(platform: Platform, storageKeys: string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => platform.files.remove(key).catch(() => undefined)));
}

export async function readPublicFile(platform: Platform, id: string) {
  const file = await findPublicFile(platform.db, id);
  if (!file) throw new AppError('NOT_FOUND');
  let bytes: Buffer;
  try {
    bytes = await readAll(platform.files, file.storageKey);
  } catch {
    // The row outlived its bytes (a failed cleanup, a restored backup): still nothing to serve.
    throw new AppError('NOT_FOUND');
  }
  return { id: file.id, mime: file.mime, bytes };
}
