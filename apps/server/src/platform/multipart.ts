import { AppError, validationError } from './app-error';
import { assertSafeText } from './input-guard';

/**
 * The multipart parser fails with plain errors when the bytes are not a whole form (a body cut
 * off mid-part, a missing or wrong boundary, a malformed part header). Those are the client's
 * fault, so every multipart read goes through here and they leave as a VALIDATION_ERROR naming
 * the upload field; limits leave as 413. Anything else (the disk, the store) stays a server error.
 */
const LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);
const FORM_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);
/** Messages of busboy's parse failures (it sets no code). */
const PARSE_FAILURE =
  /^(Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Multipart: Boundary not found|Unsupported content type|Missing Content-Type|Part terminated early|Invalid boundary)/i;

export function multipartFailure(error: unknown, field: string): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && LIMIT_CODES.has(code)) {
    return new AppError('VALIDATION_ERROR', {
      msg: 'Uploaded file is larger than allowed',
      fields: { [field]: 'Uploaded file is larger than allowed' },
      status: 413,
    });
  }
  const message = error instanceof Error ? error.message : '';
  if ((typeof code === 'string' && FORM_CODES.has(code)) || PARSE_FAILURE.test(message)) {
    return validationError({ [field]: 'The upload is incomplete or not a valid form; try again' });
  }
  return null;
}

/** Runs a multipart read; the parser's refusals become the client errors above. */
export async function readingMultipart<T>(field: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw multipartFailure(error, field) ?? error;
  }
}

/**
 * A text field of a multipart form, held to the rule every JSON string meets at the edge
 * (`input-guard`): the guard sees only the parsed JSON body, never a form's fields, so each read
 * comes through here. Unstorable text (U+0000, a lone surrogate) in the value or the field's
 * name is a VALIDATION_ERROR naming the field.
 */
export function multipartText(part: { fieldname: string; value: unknown }): string {
  const value = String(part.value ?? '');
  assertSafeText({ [part.fieldname]: value });
  return value;
}
