import { expect, test } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';

/**
 * Issue 28 items 5 and 9: an admin issues a REST token for their team in the console, copies it
 * from the once-only dialog, and a partner's call with it reads the team's credits; a call outside
 * its scopes is FORBIDDEN and shows in the request log; once revoked the token is refused.
 */
test('an admin issues a REST token, a call with it is held to its scopes and logged, a revoked token is refused', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, baseURL ?? '');
  await signInAt(page, baseURL ?? '', '/admin/permission/rest-token', admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'REST tokens' })).toBeVisible();

  await page.getByRole('button', { name: 'Issue token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E partner');
  await dialog.getByRole('combobox', { name: 'Team' }).fill(admin.email);
  await page.getByText(`· ${admin.email}`).first().click();
  await dialog.getByRole('checkbox', { name: /team\.credits\.read/ }).check();
  await dialog.getByRole('button', { name: 'Issue the token' }).click();
  const shown = page.getByTestId('issued-token');
  await expect(shown).toContainText('rt_');
  const token = (await shown.textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('E2E partner')).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  const headers = { authorization: `Bearer ${token}`, 'x-client-key': 'open-api' };
  const credits = await request.get('/api/account/credits', { headers });
  expect(credits.status(), await credits.text()).toBe(200);
  const files = await request.get('/api/account/storage/files', { headers });
  expect(files.status()).toBe(403);
  expect((await files.json()).error_code).toBe('FORBIDDEN');

  await page.goto('/admin/logs/open-api/requests');
  await expect(page.getByRole('heading', { name: 'Open API requests' })).toBeVisible();
  await expect(page.getByText('GET /api/account/storage/files').first()).toBeVisible();
  await expect(page.getByText('FORBIDDEN').first()).toBeVisible();
  await expect(page.getByLabel('Calls').or(page.getByText('Calls')).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/open-api-requests.png', fullPage: true });

  await page.goto('/admin/permission/rest-token');
  await page.getByRole('button', { name: 'Revoke token E2E partner' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Revoked').first()).toBeVisible();
  const refused = await request.get('/api/account/credits', { headers });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error_code).toBe('BEARER_TOKEN_ERROR');
});

test("a REST token pasted into the docs page's 'try it' calls the Open API, and the call is logged", async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, baseURL ?? '');
  const teams = await (await request.get('/api/account/teams', { headers: admin.auth })).json();
  const issued = await request.post('/api/admin/permission/rest-tokens', {
    headers: admin.auth,
    data: {
      name: 'Docs try-it',
      team_id: teams.items[0].id,
      scopes: ['team.credits.read'],
      expires_in_days: 1,
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { token, item } = await issued.json();

  await page.goto('/doc/open/apis/get_api_account_credits');
  await expect(page.getByRole('heading', { name: 'Marketing AI Workspace Open API' })).toBeVisible({
    timeout: 45_000,
  });
  // Scalar's authentication panel: the bearer is ours to paste, the client key is preset to open-api.
  await page.getByPlaceholder('Token').first().fill(token);
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^Send/ }).first().click();
  await expect(page.getByText('200 OK').first()).toBeVisible();
  await expect(page.getByText('granted_remaining').first()).toBeVisible();

  const filters = JSON.stringify([{ field: 'token_id', operator: 'eq', value: item.id }]);
  await expect
    .poll(async () => {
      const log = await request.get(
        `/api/admin/logs/open-api/requests?filters=${encodeURIComponent(filters)}`,
        {
          headers: admin.auth,
        },
      );
      return (await log.json()).items?.map(
        (call: { route: string; status: number }) => `${call.route} ${call.status}`,
      );
    })
    .toEqual(['GET /api/account/credits 200']);
});
