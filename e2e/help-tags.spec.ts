import { expect, test } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';

test('an admin adds help to an element of a page; the page shows its icon and the help in a popover', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, baseURL ?? '');
  // One tag per page path and element: an earlier run's is removed first.
  const listed = await request.get('/api/admin/sys-functions/help-tags?page_path=/account/usage', {
    headers: admin.auth,
  });
  const { items } = (await listed.json()) as {
    items: { id: string; page_path: string; element_id: string }[];
  };
  for (const item of items.filter(
    (tag) => tag.page_path === '/account/usage' && tag.element_id === 'title',
  )) {
    expect(
      (await request.delete(`/api/admin/sys-functions/help-tags/${item.id}`, { headers: admin.auth })).ok(),
    ).toBe(true);
  }

  await signInAt(page, baseURL ?? '', '/admin/sys-functions/help-tags', admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Help tags' })).toBeVisible();
  await page.getByRole('button', { name: 'New help tag' }).click();
  const drawer = page.getByRole('dialog', { name: 'New help tag' });
  await drawer.getByLabel('Page path').fill('/account/usage');
  await drawer.getByLabel('Element id').fill('title');
  // The rich-text editor of the first language (English).
  const editor = drawer.getByRole('textbox', { name: 'Help text (English)' });
  await editor.click();
  await page.keyboard.type('Credits spent by your team, ');
  await drawer.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type('day by day');
  await drawer.locator('.ant-radio-button-wrapper:has(input[value="bulb"])').first().click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Help tag saved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '/account/usage' });
  await expect(row.getByText('title', { exact: true })).toBeVisible();
  await expect(row.getByText('en_US')).toBeVisible();

  await page.goto('/account/usage');
  const icon = page.getByTestId('help-tag-title');
  await expect(icon).toBeVisible();
  await icon.hover();
  const help = page.locator('.help-tag__html');
  await expect(help).toContainText('Credits spent by your team, day by day');
  await expect(help.locator('strong')).toHaveText('day by day');
});
