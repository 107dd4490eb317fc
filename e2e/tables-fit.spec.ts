import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PAGE_ROUTES } from '../packages/contract/src/page-routes';
import { newAdmin } from './support/admin';
import { type Cut, cutCells } from './support/cut-cells';
import { testOnOwnServer } from './support/own-server';
import { buyPlan } from './support/purchase';
import { chooseChinese, shot } from './support/ui';

/**
 * Issue 26, item 5: tables fit. At 1366 × 768, in English and in Chinese, a staff account opens
 * every admin and account page and measures every table on it (AG Grid and antd) and the side
 * menu: no header or cell is cut without a tooltip that shows it whole, no date wraps, no cell
 * hides under a pinned column, nothing runs off the right edge with nothing to scroll it into
 * view (e2e/support/cut-cells.ts). The list pages each show at least one row, made below.
 *
 * A server of its own: what other journeys add (long names, many rows) never changes what this
 * one measures, so a run finds the same things each time.
 */
const test = testOnOwnServer();

type Auth = Record<string, string>;

interface World {
  email: string;
  password: string;
  records: { userId: string; orderId: string; invoiceId: string };
}

async function ok(response: { status(): number; text(): Promise<string> }) {
  expect(response.status(), await response.text()).toBe(200);
}

let world: Promise<World> | undefined;

/**
 * Made once per worker: a super admin of the journey's own with something on every list (an
 * order, a subscription, its credits, an invoice request, a file with a long name, a chat answer's
 * usage, a notice, a message sent in-app and by e-mail, the operation records these leave).
 */
function worldFor(request: APIRequestContext, baseURL: string): Promise<World> {
  world ??= (async () => {
    const admin = await newAdmin(request, baseURL, 'super_admin');
    const auth: Auth = admin.auth;
    const { order } = await buyPlan(request, auth, 'Pro');
    const invoice = await request.post('/api/account/invoices', {
      headers: auth,
      data: {
        order_id: order.id,
        title: 'Tables fit marketing department',
        tax_number: 'FR-40-303-265-045',
        email: admin.email,
        address: '1 Main Street',
      },
    });
    await ok(invoice);
    const { invoice: made } = (await invoice.json()) as { invoice: { id: string } };
    await ok(
      await request.post('/api/account/storage/upload', {
        headers: auth,
        multipart: {
          upload_files: {
            name: 'Quarterly campaign performance for every region and channel.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from('date,channel,sessions\n2026-11-01,organic,120\n'),
          },
        },
      }),
    );
    const chat = await request.post('/api/chats', { headers: auth, data: { title: 'Tables fit' } });
    await ok(chat);
    const chatId = ((await chat.json()) as { chat: { id: string } }).chat.id;
    // The offline analyst answers; the answer is metered (the usage logs' row).
    const asked = await request.post(`/api/chats/${chatId}/messages`, {
      headers: auth,
      data: { id: `tables-fit-${Date.now()}`, text: 'Sessions by channel last week' },
    });
    await ok(asked);
    const now = Math.floor(Date.now() / 1000);
    await ok(
      await request.post('/api/admin/msg/notices', {
        headers: auth,
        data: {
          level: 'important',
          title: 'Maintenance of the reporting workspace tonight',
          body: 'Reports may be late by an hour.',
          pop_up: false,
          start_time: now - 60,
          end_time: now + 3600,
        },
      }),
    );
    await ok(
      await request.post('/api/admin/msg/send', {
        headers: auth,
        data: {
          audience: { kind: 'users', user_ids: [admin.id] },
          in_app: true,
          email: true,
          level: 'important',
          title: 'Your November report is ready',
          body: 'Open the workspace to read it.',
        },
      }),
    );
    return {
      email: admin.email,
      password: admin.password,
      records: { userId: admin.id, orderId: order.id, invoiceId: made.id },
    };
  })();
  return world;
}

/**
 * The pages a list or table is the point of: each must show at least one row, so its cells are
 * measured and not only its headers. (Server errors and third-party calls have none on a fresh
 * server: their headers are measured.)
 */
const WITH_ROWS = new Set([
  '/admin/user/users',
  '/admin/user/roles',
  '/admin/user/teams',
  '/admin/permission',
  '/admin/permission/api-pages',
  '/admin/usm/plan',
  '/admin/usm/function/permission',
  '/admin/usm/subscription',
  '/admin/usm/resources/summary',
  '/admin/usm/resources/credits',
  '/admin/usm/resources/credits/usage-logs',
  '/admin/order',
  '/admin/invoice',
  '/admin/storage',
  '/admin/msg/email-logs',
  '/admin/msg/notice',
  '/admin/msg/send',
  '/admin/sys-logs/operation-record',
  '/admin/system/schedule/notify/logs',
  '/account/team-manager',
  '/account/security',
  '/account/user/storage',
  '/account/subscription',
  '/account/subscription-history',
  '/account/usage',
  '/account/orders',
  '/account/wallets/invoices',
]);

/** Every admin and account page (the router's own table), details pages opened on a record. */
function pagesToMeasure(records: World['records']): string[] {
  const details: Record<string, string> = {
    '/admin/user/details': `/admin/user/details?id=${records.userId}`,
    '/admin/order/details': `/admin/order/details?id=${records.orderId}`,
    '/admin/invoice/details': `/admin/invoice/details?id=${records.invoiceId}`,
    '/account/order/details': `/account/order/details?id=${records.orderId}`,
    '/account/invoice/details': `/account/invoice/details?id=${records.invoiceId}`,
  };
  return PAGE_ROUTES.filter((route) => route.layout === 'admin' || route.layout === 'personal')
    .map((route) => details[route.path] ?? route.path.replace(/\/\{\w+\?\}/g, ''))
    .filter((url) => !/[{]|^\/payment|\/order\/confirm|accept-invite/.test(url));
}

/** Waits for the page's title, its rows (a list page) and the end of every loader. */
async function settle(page: Page, url: string) {
  const content = page.locator('.admin-shell__content, .personal-shell__content');
  await expect(content.locator('h3, h4').first()).toBeVisible();
  if (WITH_ROWS.has(url)) {
    await expect(content.locator('.ag-row, .ant-table-row').first(), `${url} shows a row`).toBeVisible();
  }
  await expect(
    page
      .locator('.ant-skeleton, .ant-spin-spinning, .route-loading, .ag-overlay-loading-wrapper')
      .filter({ visible: true }),
    `${url} has loaded`,
  ).toHaveCount(0);
  // Two frames: AG Grid sizes its flex columns once it has measured its width.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Opens every group of the side menus, so each item's label is measured. */
async function openMenus(page: Page) {
  for (let round = 0; round < 4; round += 1) {
    const closed = page.locator('.ant-menu-submenu-title[aria-expanded="false"]');
    const count = await closed.count();
    if (count === 0) break;
    for (let index = count - 1; index >= 0; index -= 1) {
      await closed
        .nth(index)
        .dispatchEvent('click', undefined, { timeout: 2_000 })
        .catch(() => {});
    }
  }
  await page.waitForTimeout(300);
}

/** Whether pointing at a cut cell shows a tooltip (AG Grid's or antd's) with its whole text. */
async function showsTooltip(page: Page, cut: Cut & { hover: string }): Promise<boolean> {
  // A cell that cannot be pointed at (under something else) has no tooltip to show.
  const pointed = await page
    .locator(cut.hover)
    .hover({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  const tooltips = page.locator('.ag-tooltip, .ant-tooltip').filter({ visible: true });
  const shown =
    pointed &&
    (await expect(tooltips.filter({ hasText: cut.text }).first())
      .toBeVisible({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false));
  await page.mouse.move(0, 0);
  return shown;
}

/**
 * Measures every page; answers what a person could not read, once per page, column and kind of
 * cut, as `page · column: what "text"`. A column whose cut cells show their text in a tooltip
 * passes (one of its cells is pointed at: the tooltip is the column's). Once a column of a page
 * shows none, the page's other cut columns are reported without pointing at each (the run fails
 * already; a page of such columns would otherwise cost seconds apiece).
 */
async function measureAll(page: Page, urls: string[], language: string): Promise<string[]> {
  const problems = new Map<string, string>();
  // A shell's side menu is the same on every page: its groups are opened on its first page.
  const menusOpened = new Set<string>();
  for (const url of urls) {
    await page.goto(url);
    await settle(page, url);
    const shell = url.startsWith('/admin') ? 'admin' : 'personal';
    if (!menusOpened.has(shell)) await openMenus(page);
    menusOpened.add(shell);
    const tooltips = new Map<string, boolean>();
    for (const cut of await cutCells(page)) {
      const { hover } = cut;
      if (hover) {
        const failedBefore = [...tooltips.values()].includes(false);
        if (!tooltips.has(cut.column))
          tooltips.set(cut.column, !failedBefore && (await showsTooltip(page, { ...cut, hover })));
        if (tooltips.get(cut.column)) continue;
      }
      // The side menu is the same on every page of a shell: named once, by its label.
      const key = cut.column ? `${url} · ${cut.column}: ${cut.what}` : `side menu: ${cut.what} "${cut.text}"`;
      if (!problems.has(key)) problems.set(key, cut.column ? `${key} "${cut.text}"` : key);
    }
    if (['/admin/user/roles', '/admin/usm/subscription', '/account/user/storage'].includes(url)) {
      await expect(page.locator('.ag-tooltip, .ant-tooltip').filter({ visible: true })).toHaveCount(0);
      await shot(page, `${language}${url.replace(/\//g, '-')}`);
    }
  }
  return [...problems.values()];
}

test.describe('tables fit at 1366 px (issue 26, item 5)', () => {
  // About 45 pages a language, each measured, its cut cells pointed at: minutes on a loaded machine.
  test.describe.configure({ timeout: 480_000 });
  test.use({ viewport: { width: 1366, height: 768 } });

  for (const language of ['English', 'Chinese'] as const) {
    test(`every admin and account table, in ${language}`, async ({ page, request, baseURL }) => {
      const w = await worldFor(request, baseURL as string);
      const signedIn = await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL as string, 'x-client-key': 'web' },
        data: { email: w.email, password: w.password },
      });
      await ok(signedIn);
      await page.goto('/account/personal/profile');
      if (language === 'Chinese') await chooseChinese(page);
      const urls = pagesToMeasure(w.records);
      expect(urls.length).toBeGreaterThan(40);
      const problems = await measureAll(page, urls, language === 'Chinese' ? 'zh' : 'en');
      expect(problems).toEqual([]);
    });
  }
});
