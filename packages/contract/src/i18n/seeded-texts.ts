import { SEEDED_PLAN_TEXTS } from '../billing/seeded-plans';
import { SEEDED_ROLE_TEXTS } from '../permissions/seeded-roles';

/**
 * Texts the product seeds into data (plan and role names and descriptions): the product's words,
 * shown in the reader's language while the record still carries them, on the pages and on the
 * pages the server writes itself (the sandbox checkout). What an admin wrote instead is theirs and
 * shows as written, so an admin's own "Pro" and the seeded one read alike.
 */
const SEEDED = new Set<string>(
  [...Object.values(SEEDED_PLAN_TEXTS), ...Object.values(SEEDED_ROLE_TEXTS)].flatMap((texts) => [
    texts.name,
    texts.description,
  ]),
);

/** Every seeded text, for the test that each has its translations. */
export const SEEDED_TEXTS: readonly string[] = [...SEEDED];

/** A plan's or role's name or description as the reader reads it. */
export function seededText(text: string, t: (msgid: string) => string): string {
  return SEEDED.has(text) ? t(text) : text;
}
