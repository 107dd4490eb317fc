import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { newUser } from './accounts';

type User = ReturnType<typeof newUser>;

/**
 * Creates an account over the API. With `page.request` the browser context receives the
 * `app_token` cookie (signed in); with the standalone `request` fixture it does not.
 */
export async function signUpByApi(request: APIRequestContext, baseURL: string, user: User = newUser()) {
  const response = await request.post('/api/auth/sign-up/email', {
    // better-auth refuses cookie-carrying POSTs without an Origin.
    headers: { origin: baseURL, 'x-client-key': 'web' },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

/** Fills the e-mail sign-in form on /login and submits it. */
export async function signInByForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The chat a signed-in user lands on: the assistant's welcome and its composer. */
export async function expectChatLayout(page: Page) {
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Ask about your marketing data' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
}
