/**
 * What the storage keeps, by purpose. The server decides a file's type by its content (magic
 * bytes; text for the text types) and refuses a name whose extension says otherwise (a `.png`
 * that is a zip). The upload dialog uses the same lists for its `accept`.
 */
export const STORAGE_FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

export type StorageExt = keyof typeof STORAGE_FILE_TYPES;

/** Spec section 5: images accept jpg, jpeg, png, gif, webp. */
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const satisfies readonly StorageExt[];

export const UPLOAD_PURPOSES = {
  /** The storage page and the upload dialog's default. */
  file: Object.keys(STORAGE_FILE_TYPES) as StorageExt[],
  image: [...IMAGE_EXTS],
  /** Datasets imported into analysis. */
  dataset: ['csv', 'tsv', 'xlsx', 'json'],
} as const satisfies Record<string, readonly StorageExt[]>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/** Every content type a stored file may be served with. */
export const STORAGE_MIMES = [...new Set(Object.values(STORAGE_FILE_TYPES))];

/** Spec section 9: 10 files per upload, 20 MB each, by default. */
export const UPLOAD_MAX_FILES = 10;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** The multipart field files travel in unless the caller names another (spec section 7). */
export const UPLOAD_FIELD = 'upload_files';

/** The user-facing error codes of an upload result item (spec sections 3 and 8). */
export const UPLOAD_ERRORS = [
  'space_size_limit',
  'size_limit',
  'type_limit',
  'empty_file',
  'upload_failed',
] as const;
export type UploadError = (typeof UPLOAD_ERRORS)[number];
