import { z } from 'zod';

/**
 * The one rule for a name a user gives a file or folder (upload, rename, folder create, rename
 * and each segment of an upload's folder path). The spec sets no figure ("input exceeds maximum
 * length"); 255 is what file names already allowed and what common file systems hold, so a
 * downloaded file keeps its name.
 */
export const USER_NAME_MAX = 255;

export const USER_NAME_TEXT = {
  empty: 'Enter a name',
  tooLong: `At most ${USER_NAME_MAX} characters`,
  invalid: 'A name cannot contain / or \\ or control characters, nor start or end with a dot',
} as const;

// Path separators, control characters and bidi overrides (which make `x\u202Egpj.csv` read as .jpg).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const FORBIDDEN = /[\\/\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;
// Half of a surrogate pair is no character at all (the contract's lib predates isWellFormed).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Why `name` (already trimmed of spaces) is refused, or null. A leading or trailing dot is
 * refused: it covers `.` and `..`, hidden files, and the trailing dot Windows drops on download.
 */
export function userNameProblem(name: string): string | null {
  if (name.length === 0) return USER_NAME_TEXT.empty;
  if (name.length > USER_NAME_MAX) return USER_NAME_TEXT.tooLong;
  FORBIDDEN.lastIndex = 0;
  LONE_SURROGATE.lastIndex = 0;
  if (FORBIDDEN.test(name) || LONE_SURROGATE.test(name) || name.startsWith('.') || name.endsWith('.'))
    return USER_NAME_TEXT.invalid;
  return null;
}

/**
 * An uploaded file's name made to pass the rule instead of refused (a browser sends what the
 * user's disk calls it): the part after the last separator, without forbidden characters, dots
 * and spaces at the ends, shortened keeping `.ext`; `file.<ext>` when nothing is left.
 */
export function cleanUserName(name: string | undefined, ext: string): string {
  const tail = `.${ext}`;
  const base = (name ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(FORBIDDEN, '')
    .replace(LONE_SURROGATE, '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!base) return `file${tail}`;
  if (base.length <= USER_NAME_MAX) return base;
  return base.slice(0, USER_NAME_MAX - tail.length).replace(/[\s.]+$/, '') + tail;
}

/** The rule as a schema: spaces at the ends are trimmed, then the name must pass. */
export const zUserName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = userNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
