import { expect } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';
import { testOnOwnServer } from './support/own-server';

/** Changing a shipped text changes it for every account on the server: a server of its own. */
const test = testOnOwnServer();

const MSGID = 'Translations';
const NEW_TEXT = '多语言译文管理';

test('an admin fills a missing Chinese translation in the grid; in Chinese the page shows it', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, baseURL ?? '');
  // The page's own title, made missing in Chinese first (the seeds translate every shipped text).
  const removed = await request.delete(
    `/api/admin/sys-functions/translations?msgid=${encodeURIComponent(MSGID)}&loc=zh_CN`,
    { headers: admin.auth },
  );
  expect(removed.status(), await removed.text()).toBe(200);

  await signInAt(page, baseURL ?? '', '/admin/sys-functions/multiple-languages', admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Translations' })).toBeVisible();

  // zh_CN only, missing only, searched by the text.
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '(zh_CN)' }).click();
  await page.getByRole('switch', { name: 'Missing only' }).click();
  await page.getByRole('searchbox', { name: 'Search texts and translations' }).fill(MSGID);
  await page.getByRole('searchbox', { name: 'Search texts and translations' }).press('Enter');
  const cell = page.getByRole('button', { name: `Translation of "${MSGID}" in zh_CN`, exact: true });
  await expect(cell).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /fr_FR/ })).toHaveCount(0);

  await cell.click();
  const editor = page.getByRole('textbox', { name: `Translation of "${MSGID}" in zh_CN`, exact: true });
  await editor.fill(NEW_TEXT);
  await editor.press('Enter');
  await expect(page.getByText('Translations saved')).toBeVisible();
  // Translated now: no longer missing.
  await expect(cell).toBeHidden();

  // The top bar's language drawer (exact: this page has a 'Manage languages' button too).
  await page.getByRole('button', { name: 'Language', exact: true }).click();
  await page.getByRole('dialog', { name: 'Language', exact: true }).getByText('简体中文').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: NEW_TEXT })).toBeVisible();
  // And on a fresh load of the page, from the server's translations.
  await page.reload();
  await expect(page.getByRole('heading', { name: NEW_TEXT })).toBeVisible();
});
