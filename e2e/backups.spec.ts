import { expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { newAdmin, signInAt } from './support/admin';
import { signUpByApi } from './support/session';

/**
 * Issue 28 items 8 and 9: an admin takes a backup, verifies it, a user signs up after it, and a
 * restore (typed RESTORE) brings the data back to the backup's: that user is gone again.
 */
test('an admin takes a backup, verifies it and restores it: data made after it is gone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await newAdmin(request, baseURL ?? '');
  await signInAt(page, baseURL ?? '', '/admin/sys-settings/backup-recovery', admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Backup and recovery' })).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Restore' }) })
    .first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('Rows:');

  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('verify-result')).toContainText('The backup can be restored', {
    timeout: 60_000,
  });

  const late = await signUpByApi(request, baseURL ?? '', newUser('after-backup'));
  const find = async () => {
    const res = await request.get(`/api/admin/users?q=${encodeURIComponent(late.email)}`, {
      headers: admin.auth,
    });
    return res.status() === 200 ? (await res.json()).total : -1;
  };
  expect(await find()).toBe(1);

  await row.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Confirmation').fill('RESTORE');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restore-status')).toBeVisible();
  await expect(page.getByTestId('restore-status')).toContainText(/complete/i, { timeout: 120_000 });
  await page.screenshot({ path: 'test-results/backup-restored.png', fullPage: true });
  await expect.poll(find, { timeout: 30_000 }).toBe(0);
});
