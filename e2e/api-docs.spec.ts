import { expect, test } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';
import { signUpByApi } from './support/session';

// Issue 28 item 7: /doc/{type}/apis/{docID?}, the API documents rendered by Scalar (lazily, in its
// own chunk), on a light page that opens no user_basic stream.

test('anyone reads the Open API, its operations listed, and a docID opens its operation', async ({
  page,
}) => {
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/subscriber/msgs/')) streams.push(request.url());
  });
  await page.goto('/doc/open/apis');
  await expect(page.getByRole('heading', { name: 'API Docs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marketing AI Workspace Open API' })).toBeVisible();
  // An operation marked openApi is listed in its tag; one that is not (the credit ledger) is not.
  const sidebar = page.getByRole('navigation', { name: /^Sidebar for/ });
  await sidebar.getByRole('button', { name: /^admin: billing/ }).click();
  await expect(sidebar.getByRole('button', { name: /^Every team's credit balance/ })).toBeVisible();
  await expect(page.getByText("One team's credit ledger")).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);

  await page.goto('/doc/open/apis/get_api_admin_usm_credits');
  await expect(page).toHaveURL(/#tag\/admin-billing\/get_api_admin_usm_credits$/);
  await expect(page.getByRole('heading', { name: "Every team's credit balance" }).first()).toBeInViewport();
  expect(streams).toEqual([]);
});

test('the whole API asks a visitor to sign in, tells a customer it is for staff, and opens for staff', async ({
  page,
  baseURL,
  request,
}) => {
  await page.goto('/doc/all/apis');
  await expect(page.getByText('Sign in to read the whole API')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?next=%2Fdoc%2Fall%2Fapis',
  );

  await signUpByApi(page.request, baseURL ?? '');
  await page.goto('/doc/all/apis');
  await expect(page.getByText('Only staff may read the whole API')).toBeVisible();
  await page.getByRole('link', { name: 'Read the Open API' }).click();
  await expect(page).toHaveURL(/\/doc\/open\/apis/);
  await expect(page.getByRole('heading', { name: 'Marketing AI Workspace Open API' })).toBeVisible();

  const admin = await newAdmin(request, baseURL ?? '');
  await page.context().clearCookies();
  await signInAt(page, baseURL ?? '', '/doc/all/apis', admin.email, admin.password);
  // Scalar takes seconds to take in the whole API (over 10 s on a loaded machine).
  await expect(page.getByRole('heading', { name: 'Marketing AI Workspace API' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByRole('button', { name: /^Health check/ })).toBeVisible();
});
