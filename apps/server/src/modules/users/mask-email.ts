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
