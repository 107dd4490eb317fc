/** The admin account the e2e server is started with (printed by the server on first start). */
export const ADMIN_EMAIL = 'e2e-admin@example.com';
export const ADMIN_PASSWORD = 'e2e-Admin-pass-42';

/** A fresh user for one test: unique e-mail, valid password. */
export function newUser(label = 'user') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: `E2E ${label} ${id}`, email: `e2e-${label}-${id}@example.com`, password: `Pw-${id}-secret` };
}
