/** The admin account the e2e server is started with (printed by the server on first start). */
export const ADMIN_EMAIL = 'e2e-admin@example.com';
export const ADMIN_PASSWORD = 'e2e-Admin-pass-42';

/**
 * A password the server's strength rule accepts for any of these users. It shares nothing with
 * their name or address: the server counts those as known words, so `Pw-<id>-secret` would be
 * only as strong as `Pw-` and `-secret`.
 */
export const USER_PASSWORD = 'Quiet-orchard-lantern-47';

/** A fresh user for one test: unique e-mail, valid password. */
export function newUser(label = 'user') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: `E2E ${label} ${id}`, email: `e2e-${label}-${id}@example.com`, password: USER_PASSWORD };
}
