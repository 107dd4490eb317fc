import { SEEDED_PLAN_TEXTS } from '@app/contract/billing/seeded-plans';
import { SEEDED_ROLE_TEXTS } from '@app/contract/permissions/seeded-roles';
import type { Translate } from './translate';

/**
 * Texts the product seeds into data (plan and role names and descriptions): the product's words,
 * shown in the reader's language while the record still carries them. What an admin wrote instead
 * is theirs and shows as written, so an admin's own "Pro" and the seeded one read alike.
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
export function seededText(text: string, t: Translate): string {
  return SEEDED.has(text) ? t(text) : text;
}

/** A plan's name (an order keeps the name it was bought under: the same rule applies). */
export const planNameLabel = seededText;

/** A role's name: a seeded role in the reader's language, a role an admin named as named. */
export const roleNameLabel = seededText;
