import { asSchema, jsonSchema, type Schema } from 'ai';
import type { z } from 'zod';

/**
 * A tool's input schema made once: its JSON schema (what the model is shown) computed at once and
 * kept, and values validated with the zod schema, as a zod input would be. Handed a zod schema on
 * every message, the SDK turned it into JSON schema again each time (about 0.8 ms a message for
 * the query tool alone, bench:chat).
 */
export function fixedToolSchema<T>(zod: z.ZodType<T>): Schema<T> {
  const json = asSchema(zod).jsonSchema;
  return jsonSchema<T>(json, {
    validate: (value) => {
      const parsed = zod.safeParse(value);
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  });
}
