import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signInByForm } from './session';

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

/** Opens `path` signed out, signs in with the form and lands back on it. */
export async function signInAt(page: Page, path: string, email: string, password: string) {
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await signInByForm(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}
