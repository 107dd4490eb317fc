import { type Browser, expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from './support/accounts';
import { apiToken, signInAt, userIdOf } from './support/admin';
import { signUpByApi } from './support/session';

/** A browser context of its own (cookies, tabs) for one person. */
async function personContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe('realtime messages and presence', () => {
  test("an admin sends a message; the user's open tab shows the new unread count without a reload", async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL as string;
    const user = await personContext(browser, base);
    const admin = await personContext(browser, base);
    try {
      const person = await signUpByApi(user.page.request, base, newUser('reader'));
      await user.page.goto('/chat');
      const bell = user.page.getByRole('button', { name: /^Messages/ });
      await expect(bell).toHaveAccessibleName('Messages');

      await signInAt(admin.page, '/admin/msg/send', ADMIN_EMAIL, ADMIN_PASSWORD);
      const form = admin.page.locator('.ant-card').filter({ hasText: 'New message' });
      await form.getByText('Chosen users').click();
      await form.getByRole('combobox', { name: 'Users' }).fill(person.email);
      await admin.page.locator('.ant-select-item-option').filter({ hasText: person.email }).click();
      await form.getByLabel('Title').fill('Quarterly report ready');
      await form.getByLabel('Text').fill('Your Q3 marketing report is ready to read.');
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
      await expect(admin.page.getByText(/Sent to 1 users/).first()).toBeVisible();

      // The reader's tab was never reloaded: the count arrives on its user_basic stream.
      await expect(bell).toHaveAccessibleName('Messages, 1 unread', { timeout: 5000 });
      await bell.click();
      await expect(user.page.getByText('Quarterly report ready')).toBeVisible();
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });

  test('a pop-up notice appears once and stays closed after a reload', async ({ page, request, baseURL }) => {
    const auth = await apiToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const title = `Maintenance ${Date.now().toString(36)}`;
    const now = Math.floor(Date.now() / 1000);
    const created = await request.post('/api/admin/msg/notices', {
      headers: auth,
      data: {
        level: 'important',
        title,
        body: 'We update the workspace tonight.',
        pop_up: true,
        start_time: now - 60,
        end_time: now + 3600,
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    await signUpByApi(page.request, baseURL as string, newUser('notice'));
    await page.goto('/chat');
    const dialog = page.getByRole('dialog').filter({ hasText: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByText('The assistant is not available yet')).toBeVisible();
    // Give the pop-up query time to answer: closed on the server, it does not come back.
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog').filter({ hasText: title })).toHaveCount(0);
  });

  test("two admins on the same user's details page see each other's avatar", async ({
    browser,
    request,
    baseURL,
  }) => {
    const base = baseURL as string;
    const auth = await apiToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const target = await signUpByApi(request, base, newUser('edited'));
    const second = await signUpByApi(request, base, newUser('second-admin'));
    const secondId = await userIdOf(request, auth, second.email);
    const promoted = await request.put(`/api/admin/users/${secondId}/role`, {
      headers: auth,
      data: { role: 'admin' },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
    const targetId = await userIdOf(request, auth, target.email);
    const path = `/admin/user/details?id=${targetId}`;

    const root = await personContext(browser, base);
    const other = await personContext(browser, base);
    try {
      await signInAt(root.page, path, ADMIN_EMAIL, ADMIN_PASSWORD);
      await signInAt(other.page, path, second.email, second.password);
      await expect(root.page.getByText('Also editing: 1')).toBeVisible({ timeout: 5000 });
      await expect(other.page.getByText('Also editing: 1')).toBeVisible({ timeout: 5000 });

      // One leaves: the other sees it without a reload.
      await other.page.goto('/chat');
      await expect(root.page.getByText('Also editing: 1')).toBeHidden({ timeout: 5000 });
    } finally {
      await root.context.close();
      await other.context.close();
    }
  });
});
