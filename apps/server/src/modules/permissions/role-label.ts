import { seededRoles } from './roles.seed';

/** The seeded roles' names as seeded: these are ours to translate; a role admins named is theirs. */
const SEEDED_NAMES = new Map(seededRoles().map((role) => [role.code, role.name]));

/**
 * A role's name as the caller reads it: a seeded role ('User', 'Super admin') in the caller's
 * language, a role an admin created (or renamed) exactly as they wrote it.
 */
export function roleLabel(
  t: (msgid: string) => string,
  code: string,
  name: string | null | undefined,
): string {
  const shown = name ?? code;
  return SEEDED_NAMES.get(code) === shown ? t(shown) : shown;
}
