import { Readable } from 'node:stream';
import { UPLOAD_FIELD, type UploadError, type UploadPurpose } from '@app/contract/storage/file-types';
import type { StoredFile, UploadResultItem } from '@app/contract/storage/files';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/app-error';
import { multipartText, readingMultipart } from '../../platform/multipart';
import type { Platform } from '../../platform/platform';
import { ObjectTooLarge } from '../../platform/storage';
import { storageLimitBytes } from '../billing/storage-limit';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { insertFile } from '../files/files.service';
import { cleanFileName, decideFileType } from './file-type';
import { ensureFolderPath } from './folders.service';
import { findTeamFile, findTeamFolder, type StorageViewer, usedBytes } from './storage.repo';
import { toStoredFile } from './storage-files.service';

/** Bytes read before deciding a file's type: magic bytes, and enough text to judge it text. */
const HEAD_BYTES = 4096;

export interface UploadTarget {
  /** The team whose storage receives the files, as the uploader sees it (project folders). */
  viewer: StorageViewer;
  userId: string;
  purpose?: UploadPurpose;
  maxFiles?: number;
  maxBytes?: number;
}

const USER_TEXT: Record<UploadError, string> = {
  space_size_limit: 'The data space is full, please clear some data first.',
  size_limit: 'Uploaded file is larger than allowed',
  type_limit: 'Uploaded file type is wrong',
  empty_file: 'The file is empty',
  upload_failed: 'Upload failed',
};

function failure(name: string, error: UploadError, why: string): UploadResultItem {
  return { name, status: 'failure', error, why, file: null };
}

/** Reads up to HEAD_BYTES from the stream's iterator; the rest stays in the iterator. */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), done: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), done: false };
}

/**
 * Multipart upload (spec section 7): files in `upload_files` (or `file_field`), fields before the
 * files they apply to: `folder_id` or `folder` (a path, created as needed). Each file streams
 * to the store (never whole in memory) and gets its own result: its type is decided by its
 * content, it must fit the per-file size, and its bytes are counted against the team's quota in
 * the transaction that writes its row, so parallel uploads never pass the quota together.
 */
export async function receiveUpload(
  platform: Platform,
  request: FastifyRequest,
  target: UploadTarget,
): Promise<{ result: UploadResultItem[]; msg: string; msg_type: 'success' | 'warning' | 'error' }> {
  if (!request.isMultipart()) throw validationError({ [UPLOAD_FIELD]: 'Choose files to upload' });
  const purpose = target.purpose ?? 'file';
  // An admin's dynamic config, whose default is UPLOAD_MAX_FILES and the environment's UPLOAD_MAX_BYTES.
  const limits = await readDynamicConfig(platform, 'upload_limits');
  const maxFiles = target.maxFiles ?? limits.max_files;
  const maxBytes = target.maxBytes ?? limits.max_bytes;
  const limit = await storageLimitBytes(platform, target.viewer.teamId);
  const fields: Record<string, string> = {};
  let folderId: string | null = null;
  let folderResolved = false;
  const result: UploadResultItem[] = [];
  let files = 0;

  await readingMultipart(UPLOAD_FIELD, async () => {
    // busboy's own size cap sits one byte above ours, so our counter is what trips and a
    // truncated file is never mistaken for a whole one.
    // throwFileSizeLimit is read by @fastify/multipart's parts() though its types omit it.
    const options = { limits: { fileSize: maxBytes + 1, files: maxFiles + 20 }, throwFileSizeLimit: false };
    for await (const part of request.parts(options as Parameters<typeof request.parts>[0])) {
      if (part.type === 'field') {
        fields[part.fieldname] = multipartText(part);
        continue;
      }
      const fileField = fields.file_field || UPLOAD_FIELD;
      const rawName = part.filename;
      if (part.fieldname !== fileField) {
        part.file.resume();
        continue;
      }
      files += 1;
      if (files > maxFiles) {
        part.file.resume();
        result.push(
          failure(cleanFileName(rawName, 'bin'), 'upload_failed', 'Maximum number of uploads exceeded.'),
        );
        continue;
      }
      if (!folderResolved) {
        folderId = await resolveFolder(platform, target, fields);
        folderResolved = true;
      }
      result.push(
        await receiveOne(platform, target, part.file, rawName, { purpose, maxBytes, limit, folderId }),
      );
    }
  });
  if (files === 0) throw validationError({ [fields.file_field || UPLOAD_FIELD]: 'Choose files to upload' });
  const failed = result.filter((item) => item.status === 'failure').length;
  return {
    result,
    msg_type: failed === 0 ? 'success' : failed === result.length ? 'error' : 'warning',
    msg: failed === 0 ? 'Upload succeeded' : `${failed} of ${result.length} files failed`,
  };
}

async function resolveFolder(platform: Platform, target: UploadTarget, fields: Record<string, string>) {
  if (fields.folder_id && fields.folder_id !== 'root') {
    const folder = await findTeamFolder(platform.db, target.viewer, fields.folder_id);
    if (!folder) throw validationError({ folder_id: 'Folder not found' });
    return folder.id;
  }
  if (fields.folder)
    return platform.db.transaction((tx) => ensureFolderPath(tx, target, fields.folder ?? ''));
  return null;
}

async function receiveOne(
  platform: Platform,
  target: UploadTarget,
  stream: Readable,
  rawName: string,
  options: { purpose: UploadPurpose; maxBytes: number; limit: number; folderId: string | null },
): Promise<UploadResultItem> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const drain = async () => {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      // discard: the part must be read to its end for the next one to arrive
    }
  };
  const { head, done } = await readHead(chunks);
  const type = decideFileType(head, rawName, options.purpose);
  const name = cleanFileName(rawName, type?.ext ?? 'bin');
  if (head.length === 0 && done) return failure(name, 'empty_file', USER_TEXT.empty_file);
  if (!type) {
    await drain();
    return failure(name, 'type_limit', `Content does not match an allowed type for ${rawName.slice(0, 100)}`);
  }
  if ((await usedBytes(platform.db, target.viewer.teamId)) + head.length > options.limit) {
    await drain();
    return failure(name, 'space_size_limit', USER_TEXT.space_size_limit);
  }
  const body = Readable.from(
    (async function* () {
      yield head;
      if (done) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
  );
  let stored: { key: string; size: number };
  try {
    stored = await platform.files.put(body, {
      ext: type.ext,
      contentType: type.mime,
      maxBytes: options.maxBytes,
    });
  } catch (error) {
    await drain().catch(() => undefined);
    if (error instanceof ObjectTooLarge)
      return failure(name, 'size_limit', `Larger than ${options.maxBytes} bytes`);
    throw error;
  }
  let file: StoredFile | null;
  try {
    file = await platform.db.transaction(async (tx) => {
      const id = await insertFile(
        tx,
        {
          kind: 'upload',
          storageKey: stored.key,
          name,
          mime: type.mime,
          size: stored.size,
          ownerId: target.userId,
          teamId: target.viewer.teamId,
          public: false,
          folderId: options.folderId,
        },
        options.limit,
      );
      if (!id) return null;
      const row = await findTeamFile(tx, target.viewer, id);
      if (!row) throw new AppError('SERVER_ERROR');
      return toStoredFile(row);
    });
  } catch (error) {
    await platform.files.remove(stored.key).catch(() => undefined);
    throw error;
  }
  if (!file) {
    await platform.files.remove(stored.key).catch(() => undefined);
    return failure(name, 'space_size_limit', USER_TEXT.space_size_limit);
  }
  return { name, status: 'success', why: null, error: null, file };
}
