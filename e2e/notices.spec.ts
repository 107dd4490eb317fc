import { expect } from '@playwright/test';
import { newUser } from './support/accounts';
import { newAdmin } from './support/admin';
import { testOnOwnServer } from './support/own-server';
import { signUpByApi } from './support/session';

/**
 * A pop-up notice is for everyone on the server: this journey runs on a server of its own, so no
 * other journey's dialogs ever sit under its notice.
 */
const test = testOnOwnServer();

test.describe('notices', () => {
  test('a pop-up notice appears once and stays closed after a reload', async ({ page, request, baseURL }) => {
    const { auth } = await newAdmin(request, baseURL as string, 'admin');
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

    // The reloaded page asks for its pop-ups again: closed on the server, the notice is not among
    // them, and once the answer is in (and drawn) no dialog shows it. Only a request the reloaded
    // page made counts: the closing tab may itself ask again (the close comes back on its event
    // stream) and that answer's body is gone once the page reloads.
    const reloadAt = Date.now();
    const popUps = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/account/notices/pop-up' &&
        response.request().method() === 'GET' &&
        response.request().timing().startTime >= reloadAt,
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ask about your marketing data' })).toBeVisible();
    const answer = await popUps;
    expect(answer.status()).toBe(200);
    const { items } = (await answer.json()) as { items: { title: string }[] };
    expect(items.map((item) => item.title)).not.toContain(title);
    // Two frames: the query's answer reaches the page and React draws what it holds.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(page.getByRole('dialog').filter({ hasText: title })).toHaveCount(0);
  });
});
