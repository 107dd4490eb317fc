import { expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { newAdmin, signInAt } from './support/admin';
import { signUpByApi } from './support/session';

test('an admin finds a user, hides a column, changes the role and sees the operation record', async ({
  page,
  request,
  baseURL,
}) => {
  // An admin of the journey's own: the columns it hides are saved on it, seen by no other journey.
  const admin = await newAdmin(request, baseURL ?? '');
  const target = await signUpByApi(request, baseURL ?? '', newUser('target'));

  await signInAt(page, baseURL ?? '', '/admin/user/users', admin.email, admin.password);
  const grid = page.locator('.ag-root');
  await expect(grid.getByText(target.email)).toBeVisible();

  // Search narrows the list, and the search lives in the URL.
  await page.getByRole('searchbox', { name: 'Search name or e-mail' }).fill(target.email);
  await page.getByRole('searchbox', { name: 'Search name or e-mail' }).press('Enter');
  await expect(page).toHaveURL(/q=/);
  await expect(grid.getByText(target.email)).toBeVisible();
  await expect(grid.getByText(admin.email)).toHaveCount(0);

  // A filter from the drawer: role = User.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('checkbox', { name: 'User', exact: true }).check();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/f=/);
  await expect(page.getByRole('button', { name: /Filters, 1 active/ })).toBeVisible();
  await expect(grid.getByText(target.email)).toBeVisible();

  // Hide the "Last active" column; it stays hidden after a reload.
  await expect(page.getByRole('columnheader', { name: 'Last active' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page
    .getByRole('dialog', { name: 'Columns' })
    .getByRole('checkbox', { name: 'Last active' })
    .uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Last active' })).toHaveCount(0);
  await page.reload();
  await expect(grid.getByText(target.email)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last active' })).toHaveCount(0);

  // Details -> change role to Operator.
  await grid.getByText(target.email).click();
  await expect(page).toHaveURL(/\/admin\/user\/details\?id=/);
  await page.getByRole('button', { name: 'Change role' }).click();
  const modal = page.getByRole('dialog', { name: /Change the role of/ });
  await modal.getByRole('combobox').click();
  await page.getByTitle('Operator (operator)').click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role changed')).toBeVisible();

  // The operation record says who did what to whom.
  await page.goto('/admin/sys-logs/operation-record');
  const records = page.locator('.ag-root');
  await expect(records.getByText('user.role.update').first()).toBeVisible();
  await expect(records.getByText(admin.email).first()).toBeVisible();
});

test('an ordinary user opening /admin lands on /403?from=/admin', async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL ?? '', newUser('plain'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/403\?from=%2Fadmin$/);
  await expect(page.getByText('/admin', { exact: true })).toBeVisible();
});

test('an operator sees only the menu items the operator role grants', async ({ page, request, baseURL }) => {
  const operator = await newAdmin(request, baseURL ?? '', 'operator');

  await signInAt(page, baseURL ?? '', '/admin', operator.email, operator.password);
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByText('Dashboard')).toBeVisible();
  await menu.getByText('Users', { exact: true }).first().click();
  await expect(menu.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  // Granted to operators: users (read), logs. Not granted: roles, teams, permissions.
  await expect(menu.getByText('Roles', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Teams', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Permission matrix')).toHaveCount(0);

  // The server agrees: an operator cannot open the permission matrix.
  await page.goto('/admin/permission');
  await expect(page).toHaveURL(/\/403\?from=%2Fadmin%2Fpermission$/);
});
