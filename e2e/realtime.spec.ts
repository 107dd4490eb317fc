import { type Browser, expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { newAdmin, signInAt, userIdOf } from './support/admin';
import { signUpByApi } from './support/session';

/** A browser context of its own (cookies, tabs) for one person. */
async function personContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe('realtime messages and presence', () => {
  test("an admin sends a message; the user's open tab shows the new unread count without a reload", async ({
    browser,
    request,
    baseURL,
  }) => {
    const base = baseURL as string;
    const sender = await newAdmin(request, base, 'admin');
    const user = await personContext(browser, base);
    const admin = await personContext(browser, base);
    try {
      const person = await signUpByApi(user.page.request, base, newUser('reader'));
      await user.page.goto('/chat');
      const bell = user.page.getByRole('button', { name: /^Messages/ });
      await expect(bell).toHaveAccessibleName('Messages');

      await signInAt(admin.page, base, '/admin/msg/send', sender.email, sender.password);
      const form = admin.page.locator('.ant-card').filter({ hasText: 'New message' });
      await form.getByText('Chosen users').click();
      await form.getByRole('combobox', { name: 'Users' }).fill(person.email);
      await admin.page.locator('.ant-select-item-option').filter({ hasText: person.email }).click();
      await form.getByLabel('Title').fill('Quarterly report ready');
      await form.getByLabel('Text').fill('Your Q3 marketing report is ready to read.');
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
      // One user, in the singular.
      await expect(admin.page.getByText(/Sent to 1 user;/).first()).toBeVisible();

      // The reader's tab was never reloaded: the count arrives on its user_basic stream.
      await expect(bell).toHaveAccessibleName('Messages, 1 unread', { timeout: 5000 });
      await bell.click();
      await expect(user.page.getByText('Quarterly report ready')).toBeVisible();
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });

  test("two admins on the same user's details page see each other's avatar", async ({
    browser,
    request,
    baseURL,
  }) => {
    const base = baseURL as string;
    const first = await newAdmin(request, base);
    const second = await newAdmin(request, base, 'admin');
    const target = await signUpByApi(request, base, newUser('edited'));
    const targetId = await userIdOf(request, first.auth, target.email);
    const path = `/admin/user/details?id=${targetId}`;

    const root = await personContext(browser, base);
    const other = await personContext(browser, base);
    try {
      await signInAt(root.page, base, path, first.email, first.password);
      await signInAt(other.page, base, path, second.email, second.password);
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
