import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from zod 4 schemas (zod-fast-check stops at zod 3): values the schema
 * is likely to accept, so requests reach the services, mixed with the edge cases and hostile
 * values a careless handler breaks on. Read from the schema's own definition (`_zod.def`), so a
 * new endpoint is fuzzed the moment its contract exists.
 */

interface Check {
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: Iterable<unknown>;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: Check } }[];
  defaultValue?: unknown;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checks(def: Def): Check[] {
  const own = (def.checks ?? []).map((c) => c._zod.def);
  return def.format ? [...own, { check: 'string_format', format: def.format }] : own;
}

/** Strings no handler should trust: empty, blank, NUL, lone surrogates, huge, traversal, markup, SQL. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '        ',
  'a\u0000b',
  'x\uD83D',
  '\uDE00y',
  'A'.repeat(5000),
  '../../etc/passwd',
  "' or 1=1; drop table users;--",
  '<script>alert(1)</script>',
  '\u202Egnp.exe',
  '١٢٣',
  '🦄🦄',
  '1e308',
  '-1',
  '1.5',
  'NaN',
  'null',
  '{"a":1}',
  '[{"field":"status","operator":"gte","value":1.5}]',
  '[{"field":"status","operator":"gte","value":"1e308"}]',
  '[{"field":"created_at","operator":"between","value":"1;99999999999999"}]',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Anything of the wrong type, or the right type at its extremes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constant([]),
  fc.constant({}),
  fc.constant([HOSTILE_STRINGS[3], { nested: { deeper: [1, 2, 3] } }]),
  fc.constant({ __proto__: { polluted: true }, constructor: 'x' }),
);

function stringFor(def: Def): fc.Arbitrary<string> {
  const all = checks(def);
  const format = all.find((c) => c.check === 'string_format')?.format;
  const min = all.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const declaredMax = all.find((c) => c.check === 'max_length')?.maximum;
  const max = declaredMax ?? Math.max(min, 24);
  const pattern = all.find((c) => c.format === 'regex')?.pattern;
  if (format === 'email') return fc.emailAddress().map((email) => email.slice(0, 254));
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'url') return fc.webUrl();
  // The default length cap is for free text only: a pattern says its own length (a 43-character
  // token), and filtering it to 24 would never produce a value.
  if (pattern)
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length >= min && (declaredMax === undefined || s.length <= declaredMax));
  return fc
    .string({ minLength: Math.min(min, 64), maxLength: Math.min(max, 64) })
    .map((s) => (s.length >= min ? s : s.padEnd(min, 'x')));
}

function numberFor(def: Def): fc.Arbitrary<number> {
  const all = checks(def);
  const integer = all.some((c) => c.format === 'safeint' || c.format === 'int32');
  const low = all.find((c) => c.check === 'greater_than');
  const high = all.find((c) => c.check === 'less_than');
  const min = low?.value ?? (integer ? -1000 : -1e6);
  const max = high?.value ?? (integer ? 100_000 : 1e6);
  if (integer)
    return fc.integer({ min: Math.ceil(min + (low?.inclusive === false ? 1 : 0)), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * A value `schema` would probably accept: formats, lengths, bounds and enums honoured where the
 * schema says them, so the request gets past validation into the service.
 */
export function validValue(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return stringFor(def);
    case 'number':
      return numberFor(def);
    case 'int':
      return fc.integer({ min: -1000, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...[...(def.values ?? [])]);
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'optional':
      return def.innerType
        ? fc.option(validValue(def.innerType, depth + 1), { nil: undefined })
        : fc.constant(undefined);
    case 'nullable':
      return def.innerType
        ? fc.option(validValue(def.innerType, depth + 1), { nil: null })
        : fc.constant(null);
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'prefault':
      return def.innerType ? validValue(def.innerType, depth + 1) : fc.constant(undefined);
    case 'pipe': {
      // A JSON text parsed into a structure (`filters`): send the JSON of a valid structure.
      const inner = def.in ? defOf(def.in) : null;
      const parsesText = inner?.type === 'pipe' && inner.out && defOf(inner.out).type === 'transform';
      if (parsesText && def.out) return validValue(def.out, depth + 1).map((v) => JSON.stringify(v));
      return def.in ? validValue(def.in, depth + 1) : fc.constant(undefined);
    }
    case 'array':
      return def.element ? fc.array(validValue(def.element, depth + 1), { maxLength: 3 }) : fc.constant([]);
    case 'record':
      return def.valueType
        ? fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), validValue(def.valueType, depth + 1), {
            maxKeys: 3,
          })
        : fc.constant({});
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validValue(option, depth + 1)));
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, validValue(value, depth + 1)])),
      );
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/**
 * A value for `schema` that mixes the valid with the hostile: each field of an object is, by turns,
 * valid, hostile or missing, and extra keys ride along; anything else is wholly one or the other.
 */
export function mixedValue(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def.type === 'object') {
    const shape = def.shape ?? {};
    const fields = Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [
        key,
        fc.oneof(
          { weight: 3, arbitrary: validValue(value) },
          { weight: 1, arbitrary: hostileValue },
          fc.constant(undefined),
        ),
      ]),
    );
    return fc.oneof(
      { weight: 6, arbitrary: fc.record(fields) },
      { weight: 2, arbitrary: fc.record({ ...fields, extra_field: hostileValue }) },
      { weight: 1, arbitrary: hostileValue },
    );
  }
  return fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: 1, arbitrary: hostileValue });
}
