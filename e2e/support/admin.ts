import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from './accounts';
import { signUpByApi } from './session';

/** Signs in over the API and answers the bearer header (for setting up state quickly). */
export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The id of the user with `email`, found through the admin users list. */
export async function userIdOf(request: APIRequestContext, auth: Record<string, string>, email: string) {
  const response = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: auth });
  const { items } = (await response.json()) as { items: { id: string; email: string }[] };
  const found = items.find((item) => item.email === email);
  expect(found, `user ${email}`).toBeTruthy();
  return found?.id ?? '';
}

export type StaffRole = 'super_admin' | 'admin' | 'operator';

/**
 * A staff account of this journey's own: signed up, then given `role` by the seeded super admin
 * over the API. Whatever the journey saves on it (language, theme, column choices) is seen by no
 * other journey; the seeded account itself is only ever read, never changed.
 * `request` must not be a page's (the sign-up would sign that browser in as the new account).
 */
export async function newAdmin(request: APIRequestContext, baseURL: string, role: StaffRole = 'super_admin') {
  const account = await signUpByApi(request, baseURL, newUser(role.replace('_', '')));
  const root = await apiToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const id = await userIdOf(request, root, account.email);
  const changed = await request.put(`/api/admin/users/${id}/role`, { headers: root, data: { role } });
  expect(changed.status(), await changed.text()).toBe(200);
  // Signed in after the change: a token from before it would carry the old role.
  return { ...account, id, auth: await apiToken(request, account.email, account.password) };
}

/**
 * Signs the page's browser in as `email` over the API (the response sets the `app_token` cookie the
 * app reads, as the sign-in form does), then opens `path` and lands on it. The form and its
 * `?next=` return are what the auth and routing journeys check; here they would only cost a page
 * load before the page the journey is about.
 */
export async function signInAt(page: Page, baseURL: string, path: string, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    // better-auth refuses cookie-carrying POSTs without an Origin.
    headers: { origin: baseURL, 'x-client-key': 'web' },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}
