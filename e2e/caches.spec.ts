import { expect, type Locator, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { apiToken, newAdmin, signInAt } from './support/admin';
import { signUpByApi } from './support/session';

/** The figure in a cache row's Entries cell. */
async function entriesOf(row: Locator): Promise<number> {
  return Number((await row.getByRole('cell').nth(2).textContent())?.trim());
}

test('an admin sees the session cache with its entries, inspects one, evicts all and sees the entries drop', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, baseURL ?? '');
  // Three more signed-in users whose sessions the server now keeps in memory.
  for (let i = 0; i < 3; i += 1) {
    const user = await signUpByApi(request, baseURL ?? '', newUser('cached'));
    const auth = await apiToken(request, user.email, user.password);
    expect((await request.get('/api/user/basic-infos', { headers: auth })).status()).toBe(200);
  }

  await signInAt(page, baseURL ?? '', '/admin/system/data-cache', admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Data cache' })).toBeVisible();
  await expect(page.getByTestId('cache-instance')).toContainText('server instance');
  const sessions = page.getByTestId('cache-sessions');
  await expect(sessions).toContainText('Sessions');
  await expect.poll(() => entriesOf(sessions)).toBeGreaterThanOrEqual(2);
  const before = await entriesOf(sessions);

  // The admin's own session is listed by user and team, never by its token.
  await sessions.getByRole('button', { name: 'Keys' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('searchbox', { name: 'Search keys' }).fill(admin.email);
  await drawer.getByRole('searchbox', { name: 'Search keys' }).press('Enter');
  await expect(drawer.getByText(admin.email)).toBeVisible();
  await drawer
    .getByRole('button', { name: /expand row/i })
    .first()
    .click();
  await expect(drawer.getByTestId('cache-key-value')).toContainText('session_expires_at');
  await page.keyboard.press('Escape');

  await sessions.getByRole('button', { name: 'Evict all' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Evict all' }).click();
  await expect(page.getByText(/Entries evicted: \d+/)).toBeVisible();
  // Only the sessions used since (this page's own requests) are back.
  await expect.poll(() => entriesOf(sessions)).toBeLessThan(before);
});
