import { expect, type Page, test } from '@playwright/test';
import { expectChatLayout, signUpByApi } from './support/session';

// ARCHITECTURE section 7: the login and chat routes must not load AG Charts, AG Grid or admin code.
// This looks at what the browser really fetched; `npm run bench:bundle` reports the sizes.
const FORBIDDEN = /ag-charts|ag-grid|features\/admin|[/_-]admin[/._-]/i;

/** Records the same-origin scripts and stylesheets a page loads, with their sizes. */
function recordAssets(page: Page, origin: string) {
  const assets: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(origin)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    assets.push({ url: new URL(response.url()).pathname, bytes: body.length });
  });
  return assets;
}

/**
 * Waits until no script or stylesheet has arrived for `quietMs`. Not "network idle": a signed-in
 * page keeps its event stream open (and reconnects it), so the network never goes quiet.
 */
async function assetsSettled(assets: unknown[], quietMs = 1500) {
  let seen = -1;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (assets.length !== seen) {
      seen = assets.length;
      since = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function summarize(assets: { url: string; bytes: number }[]) {
  const js = assets.filter((a) => a.url.endsWith('.js'));
  const kb = (list: typeof assets) => (list.reduce((sum, a) => sum + a.bytes, 0) / 1024).toFixed(1);
  return `${js.length} JS files, ${kb(js)} kB raw JS, ${kb(assets.filter((a) => a.url.endsWith('.css')))} kB raw CSS`;
}

test('/login and /chat load no AG Charts, AG Grid or admin code', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const assets = recordAssets(page, origin);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await assetsSettled(assets);
  const login = [...assets];
  expect(login.map((a) => a.url).filter((url) => FORBIDDEN.test(url))).toEqual([]);
  test.info().annotations.push({ type: '/login', description: summarize(login) });

  assets.length = 0;
  await signUpByApi(page.request, origin);
  await page.goto('/chat');
  await expectChatLayout(page);
  await assetsSettled(assets);
  expect(assets.map((a) => a.url).filter((url) => FORBIDDEN.test(url))).toEqual([]);
  test.info().annotations.push({ type: '/chat', description: summarize(assets) });
});
