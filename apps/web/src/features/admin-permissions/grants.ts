import { grantMatches } from '@app/contract/permission-codes';

/** Codes that are not granted through roles: open to anyone, or to anyone signed in. */
export type OpenCode = 'public' | 'signed_in';

export function isOpenCode(code: string): code is OpenCode {
  return code === 'public' || code === 'signed_in';
}

/** The role that holds everything by definition (ARCHITECTURE section 6); its column is not editable. */
export const SUPER_ADMIN_ROLE = 'super_admin';

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
