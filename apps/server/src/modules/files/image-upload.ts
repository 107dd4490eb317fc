import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/app-error';
import { IMAGE_MIMES, sniffFileType } from '../../platform/file-type';
import { readingMultipart } from '../../platform/multipart';

export interface UploadedFile {
  bytes: Buffer;
  /** What the content is (magic bytes), never what the name or the client claims. */
  mime: string;
  ext: string;
  /** The client's file name, cleaned; shown only, never used as a path. */
  name: string;
}

function cleanName(filename: string | undefined, ext: string): string {
  const base = (filename ?? '')
    .replace(/^.*[\\/]/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return base || `image.${ext}`;
}

/**
 * Reads the one image of a multipart request (spec section 5: jpg, jpeg, png, gif, webp) and checks
 * it by content. Every refusal is a VALIDATION_ERROR naming `field`, with the spec's shared texts.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const { field, maxBytes } = options;
  const missing = () => validationError({ [field]: 'Choose a file to upload' });
  if (!request.isMultipart()) throw missing();
  const read = await readingMultipart(field, async () => {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    return part ? { filename: part.filename, bytes: await part.toBuffer() } : null;
  });
  if (!read) throw missing();
  const { bytes } = read;
  if (bytes.length === 0) throw validationError({ [field]: 'The file is empty' });
  const type = sniffFileType(bytes);
  if (!type || !(IMAGE_MIMES as readonly string[]).includes(type.mime)) {
    throw validationError({ [field]: 'Uploaded file type is wrong' }, 'Uploaded file type is wrong');
  }
  return { bytes, mime: type.mime, ext: type.ext, name: cleanName(read.filename, type.ext) };
}
