/**
 * What the server writes about a request (log lines, server-error records) must never carry what
 * the request carried: URLs hold reset and invite tokens, OAuth codes and signed-link signatures
 * in their query, database errors hold the query's parameters. These helpers make any of it safe
 * to keep, and storable (no U+0000, no lone surrogate).
 */

/** Query parameters whose values say how a list was asked for and never identify anyone. */
const SAFE_QUERY_KEYS = new Set(['page', 'page_size', 'sort', 'timeout']);

export const REDACTED = '[redacted]';

/** Drops what PostgreSQL cannot store and caps the length. */
export function storableText(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing U+0000 is the point
  const clean = text.replace(/\u0000/g, '').toWellFormed();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** `/reset-password?token=abc&page=2` -> `/reset-password?token=[redacted]&page=2` */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {}
      return SAFE_QUERY_KEYS.has(name) ? pair : `${key}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

interface QueryFailure {
  query: string;
  params: unknown[];
  cause?: unknown;
}

/** drizzle's DrizzleQueryError: its message and stack spell out every parameter. */
function isQueryFailure(error: Error): error is Error & QueryFailure {
  const candidate = error as Partial<QueryFailure>;
  return typeof candidate.query === 'string' && Array.isArray(candidate.params);
}

/**
 * PostgreSQL quotes the offending value in some messages (`invalid input syntax for type integer:
 * "1.5"`); the value is the caller's, so it goes too.
 */
function redactQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, (quoted, offset: number, whole: string) =>
    // Identifiers (relation "x", column "y", constraint "z") stay: they say where, not what.
    /(relation|column|constraint|table|type|index|function|schema|database|role)\s$/i.test(
      whole.slice(Math.max(0, offset - 12), offset),
    )
      ? quoted
      : `"${REDACTED}"`,
  );
}

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
}

/** An error as it may be logged or recorded: parameters out, quoted input values out, storable. */
export function describeError(error: unknown): SafeError {
  const err = error instanceof Error ? error : new Error(String(error));
  let message = err.message;
  let code = (err as { code?: unknown }).code;
  if (isQueryFailure(err)) {
    const cause = err.cause instanceof Error ? err.cause : undefined;
    code = (cause as { code?: unknown } | undefined)?.code ?? code;
    message = `Failed query: ${err.query}\nparams: ${err.params.length} ${REDACTED}${
      cause ? `\ncause: ${redactQuotedValues(cause.message)}` : ''
    }`;
  } else if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    // A PostgreSQL error outside drizzle (SQLSTATE codes are five characters).
    message = redactQuotedValues(message);
  }
  // The stack repeats the message on its first lines; keep only the frames after it.
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    type: err.name,
    message: storableText(message, 2000),
    ...(frames ? { stack: storableText(`${err.name}: ${message}\n${frames}`, 20_000) } : {}),
    ...(typeof code === 'string' ? { code: storableText(code, 64) } : {}),
  };
}
