import { expect, type Page, test } from '@playwright/test';
import { expectChatLayout, signUpByApi } from './support/session';

// Spec section 4: first check after 3 s, then every 15 s (each scheduled once the previous one
// answered); a status >= 500, or 3 failures in a row, goes to /500?from=<path>; on /500 a later
// success returns to <path>. Fake time is advanced in 1 s steps until a check has been made, then
// the outcome is awaited in real time (the next check is 15 s of page time away).

async function advanceUntil(page: Page, done: () => boolean | Promise<boolean>, maxSeconds = 40) {
  for (let second = 0; second < maxSeconds; second += 1) {
    if (await done()) return;
    await page.clock.fastForward(1_000);
    await page.waitForTimeout(50);
  }
  expect(await done(), `not reached after ${maxSeconds} s of fake time`).toBe(true);
}

const onChat = (page: Page) => () => new URL(page.url()).pathname === '/chat';

test.beforeEach(async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL ?? '');
  await page.clock.install();
});

test('a 503 from the health check goes to /500 and a later success comes back', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/healthy', (route) => {
    calls += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error_code: 'SERVER_ERROR', msg: 'down for the test', req_id: 'e2e' }),
    });
  });
  await page.goto('/chat');
  await expectChatLayout(page);

  await advanceUntil(page, () => calls >= 1);
  await expect(page).toHaveURL(/\/500\?from=%2Fchat$/);
  expect(calls).toBe(1); // a 5xx does not wait for three failures
  await expect(page.getByText('Sorry! Something went wrong...')).toBeVisible();

  await page.unroute('**/api/healthy');
  await advanceUntil(page, onChat(page));
  await expectChatLayout(page);
});

test('three failed health checks in a row go to /500', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/healthy', (route) => {
    calls += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/chat');
  await expectChatLayout(page);

  await advanceUntil(page, () => calls >= 2);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/chat$/);
  await advanceUntil(page, () => calls >= 3);
  await expect(page).toHaveURL(/\/500\?from=%2Fchat$/);
  expect(calls).toBe(3);
});
