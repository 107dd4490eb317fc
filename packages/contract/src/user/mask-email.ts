/*
 * How the API shows an e-mail address (masked) and which addresses are placeholders. A pure rule
 * several server modules need (users, social, security, messages): it lives here, below all of
 * them, so none of them imports another just for it (issue 10 item 7: no module-level cycles).
 */

/**
 * Masks an e-mail keeping the first and last letters of its local part and the domain, so users
 * recognise their address while a shoulder-surfer does not: `alice@example.com` -> `a***e@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  if (local.length <= 1) return `${local}*${domain}`;
  if (local.length === 2) return `${local[0]}*${domain}`;
  return `${local[0]}${'*'.repeat(Math.min(local.length - 2, 6))}${local[local.length - 1]}${domain}`;
}

/**
 * Accounts made by WeChat sign-in have no e-mail address; they get a reserved one under this
 * domain (`.invalid` can never receive mail) until the user adds a real one.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'wechat.invalid';

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

/** The user's own address as pages show it: masked, or empty when the account has none yet. */
export function shownEmail(email: string): string {
  return isPlaceholderEmail(email) ? '' : maskEmail(email);
}
