import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, newAdmin } from './support/admin';
import { signUpByApi } from './support/session';

/**
 * Issue 18, gate 3: the main pages have no serious or critical accessibility violation (axe,
 * WCAG 2.1 A and AA rules), in light and in dark. Each page is checked once it has settled.
 */
const PUBLIC_PAGES = ['/login', '/sign-up'];
const USER_PAGES = ['/chat', '/account/personal/profile', '/account/security', '/account/team-manager'];
const ADMIN_PAGES = ['/admin/user/users', '/admin/user/roles', '/admin/permission'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

async function checkPages(page: Page, paths: string[], mode: string) {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(path);
    // Settled: the page has drawn a heading and no skeleton or spinner is left.
    await expect(page.locator('h1, h2, h3, h4').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
    // And still: the admin menu opens its group with a fade, and axe measuring a link's contrast
    // half-way through it reads a colour the page never rests at.
    // (Endless ones, a status dot's pulse, never end and are not waited for.)
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 10_000 },
    );
    const violations = await seriousViolations(page);
    if (violations.length) found[`${mode} ${path}`] = violations;
  }
  expect(found).toEqual({});
}

/** Saves the theme on the account (the whole app follows it) and reloads. */
async function useTheme(page: Page, auth: Record<string, string>, theme: 'light' | 'dark') {
  const response = await page.request.put('/api/account/personalization', { headers: auth, data: { theme } });
  expect(response.status()).toBe(200);
}

test.describe('accessibility', () => {
  // Several pages per test, each analysed by axe: longer than one journey step.
  test.describe.configure({ timeout: 120_000 });
  // Signed out there is no saved theme: these pages are always light.
  test('sign-in and sign-up pages', async ({ page }) => {
    await checkPages(page, PUBLIC_PAGES, 'light');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`signed-in pages, ${mode}`, async ({ page, baseURL }) => {
      const user = await signUpByApi(page.request, baseURL as string);
      const auth = await apiToken(page.request, user.email, user.password);
      await useTheme(page, auth, mode);
      await checkPages(page, USER_PAGES, mode);
    });

    test(`admin pages, ${mode}`, async ({ page, request, baseURL }) => {
      // An admin of the test's own: the theme it saves is seen by no other journey.
      const admin = await newAdmin(request, baseURL as string);
      const response = await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL as string, 'x-client-key': 'web' },
        data: { email: admin.email, password: admin.password },
      });
      expect(response.status()).toBe(200);
      await useTheme(page, admin.auth, mode);
      await checkPages(page, ADMIN_PAGES, mode);
    });
  }

  test('a dialog opens and closes by keyboard and gives focus back to what opened it', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string);
    await page.goto('/chat');
    const opener = page.getByRole('button', { name: 'Account menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeHidden();
    await expect(opener).toBeFocused();

    // A modal: the language drawer of the top bar.
    await page.goto('/account/team-manager');
    const create = page.getByRole('button', { name: /New team|Create a team/ }).first();
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
  });

  test('focus is visible: each of the first controls reached by Tab draws an outline or a ring', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    const invisible: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        // The ring may be drawn by the control's frame (antd wraps inputs and selects).
        const drawsRing = (node: Element) => {
          const style = getComputedStyle(node);
          return (
            (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none'
          );
        };
        let node: Element | null = element;
        let visible = false;
        for (let depth = 0; node && depth < 4 && !visible; depth += 1) {
          visible = drawsRing(node);
          node = node.parentElement;
        }
        return { visible, name: element.outerHTML.slice(0, 80) };
      });
      if (focus && !focus.visible) invisible.push(focus.name);
    }
    expect(invisible).toEqual([]);
  });
});
