import {
  STORAGE_FILE_TYPES,
  type StorageExt,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '@app/contract/storage/file-types';
import { cleanUserName } from '@app/contract/storage/user-name';
import { sniffFileType } from '../../platform/file-type';

const TEXT_EXTS = new Set<StorageExt>(['csv', 'tsv', 'txt', 'md', 'json']);
const ZIP_EXTS = new Set<StorageExt>(['xlsx', 'docx', 'pptx']);
const IMAGE_BY_MIME: Record<string, StorageExt[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

function extOf(name: string): string {
  const match = /\.([^.]+)$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}

/** Text is valid UTF-8 without NUL bytes (a partial character at the end of `head` is fine). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type a file is stored as, decided by its first bytes and checked against its name: the
 * content must be what the extension says (a `.png` that is a zip is refused), and the
 * extension one the purpose allows. Null when refused.
 */
export function decideFileType(
  head: Buffer,
  name: string,
  purpose: UploadPurpose,
): { ext: StorageExt; mime: string } | null {
  const ext = extOf(name) as StorageExt;
  if (!(UPLOAD_PURPOSES[purpose] as readonly string[]).includes(ext)) return null;
  const sniffed = sniffFileType(head);
  if (sniffed) return IMAGE_BY_MIME[sniffed.mime]?.includes(ext) ? { ext, mime: sniffed.mime } : null;
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return ext === 'pdf' ? { ext, mime: STORAGE_FILE_TYPES.pdf } : null;
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return ZIP_EXTS.has(ext) ? { ext, mime: STORAGE_FILE_TYPES[ext] } : null;
  if (TEXT_EXTS.has(ext) && looksLikeText(head)) return { ext, mime: STORAGE_FILE_TYPES[ext] };
  return null;
}

/** The user's file name as metadata: cleaned to the one name rule (`@app/contract/storage/user-name`). */
export const cleanFileName = cleanUserName;
