import { expect } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';
import { testOnOwnServer } from './support/own-server';
import { chooseChinese, shot } from './support/ui';

/**
 * A plan put on sale shows on every account's pricing page: this journey runs on a server of its
 * own, so no other journey ever meets its plan.
 */
const test = testOnOwnServer();

test.describe('admin plans', () => {
  test('an admin creates a plan, sees it on /usm/plan, and in Chinese', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const id = Date.now().toString(36);
    const name = `Growth ${id}`;
    const admin = await newAdmin(request, baseURL as string);
    await signInAt(page, baseURL as string, '/admin/usm/plan', admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Plans', level: 3 })).toBeVisible();
    await expect(page.getByText(/archived, never deleted/).first()).toBeVisible();

    await page.getByRole('button', { name: 'New plan' }).click();
    const form = page.getByRole('dialog', { name: 'New plan' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Key').fill(`growth_${id}`);
    await form.getByLabel('Price').fill('49.90');
    await form.getByLabel('Credits per period').fill('20000');
    await form.getByLabel('Seats').fill('3');
    await form.getByLabel('Storage quota', { exact: true }).fill('50');
    await form.getByRole('checkbox', { name: 'AI chat assistant' }).check();
    await shot(page, 'admin-plan-form-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const row = page.locator('tr').filter({ hasText: name });
    await expect(row.getByText('$49.90')).toBeVisible();
    await expect(row.getByText('50.00 GB')).toBeVisible();
    await expect(row.getByText('20,000')).toBeVisible();
    await shot(page, 'admin-plans-en');

    // On sale at once: the pricing page shows it with its price.
    await page.goto('/usm/plan');
    const card = page.getByRole('region', { name, exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText('49.90');
    await shot(page, 'admin-plan-on-pricing-page-en');

    // The matrix shows the function the new plan was created with.
    await page.goto('/admin/usm/function/permission');
    await expect(page.getByRole('checkbox', { name: `${name} may use AI chat assistant` })).toBeChecked();
    // A tick is saved at once: allow Analysis too, and it is still allowed after a reload.
    const analysis = page.getByRole('checkbox', { name: `${name} may use Analysis` });
    await expect(analysis).not.toBeChecked();
    await analysis.check();
    await expect(analysis).toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `${name} may use Analysis` })).toBeChecked();
    await shot(page, 'admin-function-permissions-en');

    // Nobody ever ordered it: Delete (not Archive), after a confirm.
    await page.goto('/admin/usm/plan');
    await page.locator('tr').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Nobody ever held or ordered this plan, so it is deleted.')).toBeVisible();
    await page.keyboard.press('Escape');

    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: '套餐', level: 3 })).toBeVisible();
    await expect(page.getByText(/只会归档，不会删除/).first()).toBeVisible();
    await shot(page, 'admin-plans-zh_CN');
    await page.goto('/admin/usm/function/permission');
    await expect(page.getByRole('heading', { name: '功能权限', level: 3 })).toBeVisible();
    await shot(page, 'admin-function-permissions-zh_CN');
  });
});
