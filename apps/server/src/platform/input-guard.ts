import type { FastifyInstance } from 'fastify';
import { validationError } from './app-error';

/**
 * Text PostgreSQL cannot store: U+0000 (refused in `text` and `jsonb`) and lone UTF-16 surrogates
 * (refused in `jsonb`, and not text in any encoding). Refused at the edge, for every string a
 * request carries, so no route has to remember it and no such input ever reaches SQL.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is the point
const NUL = /\u0000/;

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed';

export function isUnsafeText(text: string): boolean {
  return NUL.test(text) || !text.isWellFormed();
}

/**
 * The wire name of the first string (or object key) in `value` that cannot be stored, e.g.
 * `username`, `filters.0.value`; `null` when there is none. `path` names where `value` sits.
 * Walked with an explicit stack, not recursion, so it reaches any depth: a body nested deeper
 * than a depth cap would otherwise carry its NUL past the guard into a jsonb column.
 */
export function findUnsafeText(value: unknown, path: string): string | null {
  // Each entry: a value, where it sits, and whether that place's own key is to be checked first.
  const pending: { item: unknown; at: string; key?: string }[] = [{ item: value, at: path }];
  const seen = new Set<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item, at, key } = next;
    if (key !== undefined && isUnsafeText(key)) return at;
    if (typeof item === 'string') {
      if (isUnsafeText(item)) return at || '_';
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item) || seen.has(item)) continue;
    seen.add(item);
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((child, index) => [String(index), child])
      : Object.entries(item);
    // Pushed last to first, so the first field in the document is reported first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [childKey, child] = entries[index] as [string, unknown];
      pending.push({ item: child, at: at ? `${at}.${childKey}` : childKey, key: childKey });
    }
  }
  return null;
}

/** Throws the VALIDATION_ERROR naming the field when `value` carries unstorable text. */
export function assertSafeText(value: unknown, path = ''): void {
  const field = findUnsafeText(value, path);
  if (field) throw validationError({ [field]: UNSAFE_TEXT_MESSAGE });
}

/**
 * Every route, with or without a contract: path parameters, query and body are checked after
 * the permission check (onRequest) and before validation, so the order stays 401, 403, 400.
 * Values a schema derives from text (a JSON `filters` parameter) are checked again after
 * parsing by the validator (see `app.ts`).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertSafeText(request.params);
    assertSafeText(request.query);
    assertSafeText(request.body);
  });
}
