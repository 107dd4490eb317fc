import { expect, test } from '@playwright/test';
import { expectChatLayout, signInByForm, signUpByApi } from './support/session';

test('a signed-out visitor of a signed-in route goes to /login?next= and back after signing in', async ({
  page,
  request,
  baseURL,
}) => {
  // `request` does not share the browser's cookies: the browser stays signed out.
  const user = await signUpByApi(request, baseURL ?? '');
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login\?next=%2Fchat$/);
  await signInByForm(page, user.email, user.password);
  await expectChatLayout(page);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await page.getByRole('button', { name: 'Back to home' }).click();
  // Home is /chat for a signed-in user; a signed-out visitor is asked to sign in first.
  await expect(page).toHaveURL(/\/login/);
});
