import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from './support/accounts';
import { expectChatLayout, signInByForm } from './support/session';

test('a new user signs up, stays signed in, switches language and signs out', async ({ page }) => {
  const user = newUser('signup');
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectChatLayout(page);

  await page.reload();
  await expectChatLayout(page);

  // Language drawer in the top bar: 简体中文, then back to English.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('dialog', { name: 'Language' }).getByText('简体中文').click();
  await expect(page.getByRole('heading', { name: '询问您的营销数据' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '账户菜单' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ask about your marketing data' })).toHaveCount(0);

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('dialog', { name: '语言' }).getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Ask about your marketing data' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

  // User popover -> Log out.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(user.name).last()).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Signed out for real: the signed-in route asks for a sign-in again.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login\?next=%2Fchat$/);
});

test('the admin printed on first start signs in with ADMIN_EMAIL/ADMIN_PASSWORD', async ({ page }) => {
  const logFile = process.env.E2E_SERVER_OUTPUT_FILE;
  if (logFile) {
    // The first start announces the admin account it created.
    expect(await readFile(logFile, 'utf8')).toContain(`Admin sign-in: ${ADMIN_EMAIL}`);
  }
  await page.goto('/login');
  await signInByForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expectChatLayout(page);

  // The popover shows the role; the API agrees (the client sends the app_token cookie as a bearer).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'app_token')?.value;
  expect(token).toBeTruthy();
  const infos = await page.request.get('/api/user/basic-infos', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(infos.status()).toBe(200);
  const { role_name: roleName } = (await infos.json()) as { role_name: string };
  expect(roleName).toMatch(/admin/i);
  await expect(page.getByText(roleName, { exact: true })).toBeVisible();
});
