import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { matchPageRoute, PAGE_ROUTES, type PageRoute } from '../packages/contract/src/page-routes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from './support/accounts';
import { apiToken, userIdOf } from './support/admin';
import { testOnOwnServer } from './support/own-server';
import { untranslatedTexts } from './support/untranslated';

/**
 * Issue 18, gate 1 (link integrity) and the Chromium half of gate 2 (translation of values).
 *
 * Each role (a visitor, an ordinary user, an `admin`-role user, the super admin) opens every page
 * of the router's own table (`PAGE_ROUTES`) that it may open, once, with ids of records made in
 * the set-up. On each page it collects every internal link (menus, popovers and drawers opened
 * first) and every navigation the app makes while it renders; every target must be a page of the
 * table the role may open (asked of the permission list, never visited again), and every visited
 * page must render rather than show the 404 page or an error boundary. The signed-in walks are
 * in Chinese, chosen as a user does, and fail on visible text that is a code or English the
 * seeds do not translate.
 *
 * The walk has a server of its own (one per worker, `testOnOwnServer`): what other journeys create
 * at the same time (plans, users, settings) never shows on its pages, so it finds the same things
 * on every run.
 */
const test = testOnOwnServer();

type Role = 'visitor' | 'user' | 'admin' | 'super_admin';
type Auth = Record<string, string>;

interface Records {
  userId: string;
  projectId: string;
  orderId: string;
  billId: string;
  unpaidOrderId: string;
  unpaidBillId: string;
  invoiceId: string;
  planId: string;
  teamInvite: string;
  projectInvite: string;
  chatId: string;
}

interface Account {
  name: string;
  email: string;
  password: string;
  auth: Auth;
}

/** Where each table path is opened: pages that read an id get one of the set-up's records. */
function concreteUrl(route: PageRoute, records: Records): string {
  const byPath: Record<string, string> = {
    '/account/project/{id?}': `/account/project/${records.projectId}`,
    '/chat/{chat_id}': `/chat/${records.chatId}`,
    '/teams/accept-invite': `/teams/accept-invite?token=${records.teamInvite}`,
    '/projects/accept-invite': `/projects/accept-invite?token=${records.projectInvite}`,
    '/reset-password': '/reset-password?token=link-from-an-old-mail',
    '/doc/{type}/apis/{docID?}': '/doc/open/apis',
    '/403': '/403?from=%2Fadmin',
    '/500': '/500?from=%2Fchat',
    '/account/order/confirm': `/account/order/confirm?plan_id=${records.planId}`,
    '/account/order/details': `/account/order/details?id=${records.orderId}`,
    '/payment/order-details': `/payment/order-details?id=${records.orderId}`,
    '/payment': `/payment?bill_id=${records.unpaidBillId}&order_id=${records.unpaidOrderId}`,
    '/payment/result': `/payment/result?order_id=${records.orderId}`,
    '/account/invoice/details': `/account/invoice/details?id=${records.invoiceId}`,
    '/admin/user/details': `/admin/user/details?id=${records.userId}`,
    '/admin/order/details': `/admin/order/details?id=${records.orderId}`,
    '/admin/invoice/details': `/admin/invoice/details?id=${records.invoiceId}`,
  };
  // A page with a required segment and no record here could only be opened as a 404.
  const url = byPath[route.path] ?? route.path.replace(/\/\{\w+\?\}/g, '');
  if (/\{/.test(url)) throw new Error(`Give ${route.path} a record to open in concreteUrl`);
  return url;
}

async function ok(response: { status(): number; text(): Promise<string> }) {
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A new account, signed up over the API from a browser set to `language` (the sign-up writes the
 * personal team's name in it), and its bearer header.
 */
async function signUpAccount(request: APIRequestContext, baseURL: string, label: string, language: string) {
  const user = newUser(label);
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL, 'x-client-key': 'web', 'accept-language': language },
    data: { name: user.name, email: user.email, password: user.password },
  });
  await ok(response);
  return {
    name: user.name,
    email: user.email,
    password: user.password,
    auth: await apiToken(request, user.email, user.password),
  };
}

/** A paid Pro order with an invoice requested for it, and an unpaid one: the user's billing pages. */
async function billingRecords(request: APIRequestContext, auth: Auth, email: string) {
  const plans = (await (await request.get('/api/usm/plans', { headers: auth })).json()) as {
    items: { id: string; name: string }[];
  };
  const pro = plans.items.find((plan) => plan.name === 'Pro');
  expect(pro, 'the seeded Pro plan').toBeTruthy();
  const order = async () => {
    const ordered = await request.post('/api/account/orders', { headers: auth, data: { plan_id: pro?.id } });
    await ok(ordered);
    return (await ordered.json()) as { order: { id: string }; bill: { id: string } };
  };
  const paid = await order();
  const started = await request.post('/api/account/payments', {
    headers: auth,
    data: { bill_id: paid.bill.id, method: 'sandbox' },
  });
  await ok(started);
  const { next } = (await started.json()) as { next: { url?: string } };
  const session = new URL(next.url ?? '', 'http://x').searchParams.get('session') ?? '';
  await ok(await request.post('/api/payments/sandbox/checkout', { form: { session, outcome: 'pay' } }));
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/user/bill?id=${paid.bill.id}`, { headers: auth });
      return ((await answer.json()) as { bill: { status: string } }).bill.status;
    })
    .toBe('paid');
  const invoice = await request.post('/api/account/invoices', {
    headers: auth,
    data: {
      order_id: paid.order.id,
      title: 'Links walk',
      tax_number: 'FR-1',
      email,
      address: '1 Main Street',
    },
  });
  await ok(invoice);
  const { invoice: made } = (await invoice.json()) as { invoice: { id: string } };
  const unpaid = await order();
  return {
    planId: pro?.id ?? '',
    orderId: paid.order.id,
    billId: paid.bill.id,
    invoiceId: made.id,
    unpaidOrderId: unpaid.order.id,
    unpaidBillId: unpaid.bill.id,
  };
}

/** The token of an invite link (`...?token=`). */
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token') ?? '';

/** What the set-up typed: user data, shown as written in every language. */
const TYPED = [
  'Walk project',
  'Walk shared project',
  'Walk team',
  'Links walk',
  '1 Main Street',
  'FR-1',
  'Walk chat',
];

interface World {
  records: Records;
  userData: string[];
  accounts: Record<Exclude<Role, 'visitor'>, Account>;
}

let world: Promise<World> | undefined;

/** Made once per worker: the accounts of each role and the records the pages with ids show. */
function worldFor(request: APIRequestContext, baseURL: string): Promise<World> {
  world ??= (async () => {
    const superAuth = await apiToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The walkers read Chinese: they sign up from a Chinese browser.
    const user = await signUpAccount(request, baseURL, 'walker', 'zh-CN');
    const admin = await signUpAccount(request, baseURL, 'adminwalker', 'zh-CN');
    const adminId = await userIdOf(request, superAuth, admin.email);
    await ok(
      await request.put(`/api/admin/users/${adminId}/role`, { headers: superAuth, data: { role: 'admin' } }),
    );
    // A role change ends the user's sessions elsewhere? Sign in again to be sure of a live token.
    admin.auth = await apiToken(request, admin.email, admin.password);

    const project = await request.post('/api/account/projects', {
      headers: user.auth,
      data: { name: 'Walk project', description: '' },
    });
    await ok(project);
    const projectId = ((await project.json()) as { project: { id: string } }).project.id;

    // The super admin's own team and project invite the walker: real, pending invite links.
    const team = await request.post('/api/account/teams', {
      headers: superAuth,
      data: { name: 'Walk team' },
    });
    await ok(team);
    const teamId = ((await team.json()) as { team: { id: string } }).team.id;
    const teamInvite = await request.post(`/api/account/teams/${teamId}/invites`, {
      headers: superAuth,
      data: { email: user.email, role: 'member' },
    });
    await ok(teamInvite);
    const sharedProject = await request.post('/api/account/projects', {
      headers: superAuth,
      data: { name: 'Walk shared project', description: '' },
    });
    await ok(sharedProject);
    const sharedId = ((await sharedProject.json()) as { project: { id: string } }).project.id;
    const projectInvite = await request.post(`/api/account/projects/${sharedId}/invites`, {
      headers: superAuth,
      data: { email: user.email, role: 'member' },
    });
    await ok(projectInvite);

    // The walker's own chat: /chat/{chat_id} opens one of the user's chats.
    const chat = await request.post('/api/chats', { headers: user.auth, data: { title: 'Walk chat' } });
    await ok(chat);
    const chatId = ((await chat.json()) as { chat: { id: string } }).chat.id;

    const billing = await billingRecords(request, user.auth, user.email);
    return {
      accounts: {
        user,
        admin,
        super_admin: { name: 'Admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, auth: superAuth },
      },
      // The seeded super admin is 'Admin', made at start-up in the server's language with its team.
      userData: [user.name, admin.name, "Admin's team", 'Admin', ...TYPED],
      records: {
        userId: await userIdOf(request, superAuth, user.email),
        projectId,
        teamInvite: tokenOf(((await teamInvite.json()) as { link: string }).link),
        projectInvite: tokenOf(((await projectInvite.json()) as { link: string }).link),
        chatId,
        ...billing,
      },
    };
  })();
  return world;
}

/** The permission list's answer for `paths`, as `role` (the server decides every page). */
async function access(request: APIRequestContext, auth: Auth | null, paths: string[]) {
  if (paths.length === 0) return new Map<string, string>();
  const response = await request.post('/api/routes/permission/list', {
    headers: auth ?? {},
    data: { page_routes: paths, apis: [], from: 'web' },
  });
  await ok(response);
  const { page_routes } = (await response.json()) as { page_routes: { route: string; code: string }[] };
  return new Map(page_routes.map((entry) => [entry.route, entry.code]));
}

/** Records every history change the app makes (navigate(), redirects), so buttons' targets are checked too. */
function recordNavigations(context: BrowserContext) {
  return context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__navigations', { value: seen });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) seen.push(String(url));
        original(data, unused, url);
      };
    }
  });
}

/**
 * Waits until the page has drawn: something rendered, then no loader, skeleton or spinner left.
 * A spinner in a line of text ("Waiting for your payment…", the payment page watching its bill)
 * is the page's own lasting state, drawn with the page: not waited for (it would cost the whole
 * wait on every walk). A spinner that stays anyway is the page's own state too, not a failure.
 */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('#root')).not.toBeEmpty({ timeout: 15_000 });
  await expect(
    page.locator(
      '.startup-loader, .ant-skeleton, .ant-spin-spinning:not(.ant-typography .ant-spin), .route-loading',
    ),
  )
    .toHaveCount(0, { timeout: 8_000 })
    .catch(() => undefined);
}

/** The 404 page or an error boundary, in any language (their markup, and their words in English and Chinese). */
async function brokenPage(page: Page): Promise<string | null> {
  // The server error page's own title is "Something went wrong": there it is the page, not a failure.
  if (new URL(page.url()).pathname === '/500') return null;
  return page.evaluate(() => {
    const words = [
      'Page not found',
      'Sorry! Something went wrong...',
      '页面不存在',
      '抱歉！出错了……',
      '未找到页面',
      '抱歉，出错了...',
    ];
    if (document.querySelector('.ant-result-404, .route-error')) return 'the 404 page or an error boundary';
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, .ant-result-title')].map((node) =>
      (node.textContent ?? '').trim(),
    );
    return headings.find((text) => words.includes(text)) ?? null;
  });
}

/** Opens what hides links: popovers of the top bar, the messages drawer, collapsed menu groups. */
async function openHiddenLinks(page: Page) {
  const account = page.getByRole('button', { name: /Account menu|账户菜单|帐户菜单/ });
  if (await account.isVisible().catch(() => false)) {
    await account.click();
    await page
      .locator('.ant-popover .user-card__link')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => {});
  }
  // Collapsed groups of the side menus render their items only once opened. Each title gets the
  // click event itself: a pointer click waits for the menu to stop moving after each opening, a
  // third of a second per group, and opening groups is only the way to their links here.
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
}

/** Every same-origin target on the page and every history change so far, as `/path?query`. */
async function targetsOn(page: Page): Promise<{ links: string[]; navigations: string[] }> {
  return page.evaluate(() => {
    const here = window.location.origin;
    const local = (href: string) => {
      const url = new URL(href, window.location.href);
      return url.origin === here ? `${url.pathname}${url.search}` : null;
    };
    const links = [...document.querySelectorAll('a[href]')]
      .map((anchor) => local((anchor as HTMLAnchorElement).href))
      .filter((href): href is string => href !== null);
    const recorded = (window as unknown as { __navigations?: string[] }).__navigations ?? [];
    return { links, navigations: recorded.map(local).filter((href): href is string => href !== null) };
  });
}

/** API files (downloads) are not pages; `/` is the spec's redirect to /chat. */
function pageTarget(target: string): string | null {
  const path = target.split(/[?#]/)[0] ?? target;
  if (path.startsWith('/api/') || path.startsWith('/assets/')) return null;
  return path === '/' ? '/chat' : path;
}

interface Walk {
  visited: string[];
  problems: string[];
  checked: number;
}

/** Visits each of `urls` as the signed-in (or not) browser context and checks what it finds. */
async function walk(
  page: Page,
  role: Role,
  auth: Auth | null,
  urls: string[],
  chinese: { userData: string[] } | null,
): Promise<Walk> {
  const result: Walk = { visited: [], problems: [], checked: 0 };
  const sources = new Map<string, Set<string>>();
  // Menus and the top bar's popovers are the same on every page of a layout: opened once per layout.
  const opened = new Set<string>();
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    const landed = new URL(page.url());
    const wanted = new URL(url, landed.origin);
    if (landed.pathname !== wanted.pathname) {
      result.problems.push(`${role} ${url}: opened ${landed.pathname}${landed.search} instead`);
    }
    const broken = await brokenPage(page);
    if (broken) result.problems.push(`${role} ${url}: shows ${broken}`);
    if (chinese) {
      for (const text of await untranslatedTexts(page, chinese.userData))
        result.problems.push(`${role} ${url}: untranslated "${text}"`);
    }
    const layout = matchPageRoute(url)?.layout ?? 'none';
    if (!opened.has(layout)) {
      opened.add(layout);
      await openHiddenLinks(page);
    }
    const { links, navigations } = await targetsOn(page);
    for (const target of [...links, ...navigations]) {
      const path = pageTarget(target);
      if (!path) continue;
      if (!sources.has(path)) sources.set(path, new Set());
      sources.get(path)?.add(url);
    }
    await page.keyboard.press('Escape');
    result.visited.push(url);
  }
  const answers = await access(page.request, auth, [...sources.keys()]);
  for (const [path, from] of sources) {
    result.checked += from.size;
    const where = [...from].slice(0, 3).join(', ');
    if (!matchPageRoute(path)) {
      result.problems.push(`${role}: a link to ${path} (on ${where}) leads to no page of the router`);
    } else if (answers.get(path) !== 'OK') {
      result.problems.push(
        `${role}: a link to ${path} (on ${where}) is shown to a role refused it (${answers.get(path)})`,
      );
    }
  }
  return result;
}

/** The pages `role` opens in the walk: each page once, by the least privileged role that may open it. */
async function pagesOf(role: Role, request: APIRequestContext, w: World): Promise<string[]> {
  const urls = PAGE_ROUTES.map((route) => ({ route, url: concreteUrl(route, w.records) }));
  if (role === 'visitor')
    return urls.filter(({ route }) => route.permission === 'public').map(({ url }) => url);
  if (role === 'user') {
    return urls.filter(({ route }) => route.permission === 'signed_in').map(({ url }) => url);
  }
  const adminPages = urls.filter(({ route }) => route.layout === 'admin');
  const asAdmin = await access(
    request,
    w.accounts.admin.auth,
    adminPages.map(({ url }) => url),
  );
  return adminPages
    .filter(({ url }) => (asAdmin.get(url) === 'OK') === (role === 'admin'))
    .map(({ url }) => url);
}

/** Signs the browser in (the cookie the app reads) and picks Chinese in the language drawer, as a user does. */
async function signInChinese(page: Page, baseURL: string, account: Account) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL, 'x-client-key': 'web' },
    data: { email: account.email, password: account.password },
  });
  await ok(response);
  await page.goto('/account/personal/profile');
  await settle(page);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('dialog', { name: 'Language' }).getByText('简体中文').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.keyboard.press('Escape');
}

test.describe('every link leads to a page the role may open (issue 18, gates 1 and 2)', () => {
  test.describe.configure({ mode: 'parallel', timeout: 240_000 });

  test.beforeEach(async ({ context }) => {
    await recordNavigations(context);
  });

  const report = (role: Role, result: Walk, started: number) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${role}: ${result.visited.length} pages, ${result.checked} link targets checked, ${seconds} s`,
    );
    test.info().annotations.push({
      type: 'walk',
      description: `${role}: ${result.visited.length} pages, ${result.checked} links, ${seconds} s`,
    });
  };

  test('a visitor, in English and in Chinese', async ({ page, request, baseURL }) => {
    const w = await worldFor(request, baseURL as string);
    const started = Date.now();
    const urls = await pagesOf('visitor', request, w);
    const english = await walk(page, 'visitor', null, urls, null);
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('zh_CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const chinese = await walk(page, 'visitor', null, urls, { userData: w.userData });
    report('visitor', { ...chinese, checked: english.checked + chinese.checked }, started);
    expect([...english.problems, ...chinese.problems]).toEqual([]);
  });

  for (const role of ['user', 'admin', 'super_admin'] as const) {
    test(`${role === 'user' ? 'an ordinary user' : role === 'admin' ? 'an admin' : 'the super admin'}, in Chinese`, async ({
      page,
      request,
      baseURL,
    }) => {
      const w = await worldFor(request, baseURL as string);
      const started = Date.now();
      const account = w.accounts[role];
      await signInChinese(page, baseURL as string, account);
      const urls = await pagesOf(role, request, w);
      expect(urls.length, `${role} has pages to walk`).toBeGreaterThan(0);
      const result = await walk(page, role, account.auth, urls, { userData: w.userData });
      report(role, result, started);
      expect(result.problems).toEqual([]);
    });
  }
});
