import { ADMIN_AREA, grantMatches, SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';

/**
 * Codes that are not granted through roles: open to anyone, to anyone signed in, or to anyone
 * who may open some admin page (the console's shared services).
 */
export type OpenCode = 'public' | 'signed_in' | typeof ADMIN_AREA;

export function isOpenCode(code: string): code is OpenCode {
  return code === 'public' || code === 'signed_in' || code === ADMIN_AREA;
}

/** The role that holds everything by definition (ARCHITECTURE section 6); its column is not editable. */
export { SUPER_ADMIN_ROLE };

/**
 * The grant through which a role holds `code`: the code itself, a pattern covering it, or null.
 * An exact grant wins, so the matrix can say when a code is held only through a pattern.
 */
export function heldThrough(grants: readonly string[] | undefined, code: string): string | null {
  if (!grants) return null;
  if (grants.includes(code)) return code;
  return grants.find((grant) => grantMatches(grant, code)) ?? null;
}

/** The roles holding `code`, in the order given. */
export function rolesHolding(
  roles: readonly { code: string }[],
  grants: Record<string, string[]>,
  code: string,
): string[] {
  return roles.filter((role) => heldThrough(grants[role.code], code) !== null).map((role) => role.code);
}
