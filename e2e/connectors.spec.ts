import { expect, type Page, test } from '@playwright/test';
import { newAdmin, signInAt } from './support/admin';
import { GOOGLE_PERSON } from './support/google';
import { signUpByApi } from './support/session';

/** The GA4 card of /account/connectors. */
const gaCard = (page: Page) => page.getByTestId('connector-ga');

// Serial: the admin's pages show the calls and the binding history the first journey made.
test.describe
  .serial('connectors', () => {
    test('binds GA4 at the Google stand-in, picks a property, watches the sync finish, revokes and sees the page reload unbound', async ({
      page,
      baseURL,
    }) => {
      // The first sync runs as a job on a loaded machine: allow it time.
      test.setTimeout(180_000);
      await signUpByApi(page.request, baseURL as string);
      await page.goto('/account/connectors?from=journey');
      await expect(page.getByRole('heading', { name: 'Connectors', level: 3 })).toBeVisible();
      await expect(gaCard(page)).toContainText('Not connected');
      // Ads is not offered while gads_enable is off (its default).
      await expect(page.getByTestId('connector-gads')).toHaveCount(0);

      // Unbound -> bound: the switch leaves for Google's consent page...
      await gaCard(page).getByRole('switch', { name: 'Google Analytics 4 connection' }).click();
      await expect(page).toHaveURL(/\/o\/oauth2\/v2\/auth\?/);
      const consent = new URL(page.url());
      expect(consent.searchParams.get('access_type')).toBe('offline');
      expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
      expect(consent.searchParams.get('scope')).toContain(
        'https://www.googleapis.com/auth/analytics.readonly',
      );
      await page.getByLabel(`${GOOGLE_PERSON.name} <${GOOGLE_PERSON.email}>`).check();
      await page.getByRole('button', { name: 'Allow' }).click();

      // ...and the callback page returns to the full route it started from, query included.
      await expect(page).toHaveURL(/\/account\/connectors\?from=journey$/);
      await expect(
        page.getByText(`Google Analytics 4 connected as ${GOOGLE_PERSON.name}. Choose what to sync.`),
      ).toBeVisible();
      await expect(gaCard(page)).toContainText(`${GOOGLE_PERSON.name} <${GOOGLE_PERSON.email}>`);
      await expect(gaCard(page).getByRole('switch')).toBeChecked();

      // Pick the property: account, then property (from the Analytics Admin accountSummaries).
      await gaCard(page).getByRole('combobox', { name: 'Google Analytics property' }).click();
      await page
        .getByRole('menuitemcheckbox', { name: 'Demo Store' })
        .or(page.getByText('Demo Store', { exact: true }))
        .first()
        .click();
      await page.getByText('Demo Store (GA4) (100000001)').click();

      // The first sync runs (progress shown) and finishes.
      await expect(gaCard(page)).toContainText('First sync (up to 2 years)');
      await expect(gaCard(page).getByText('Up to date')).toBeVisible({ timeout: 150_000 });
      await expect(gaCard(page).getByText('Fresh', { exact: true })).toBeVisible();
      await expect(gaCard(page)).toContainText(/Data held\s*\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
      await expect(gaCard(page).getByRole('button', { name: 'Sync now' })).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath('connectors-bound-en.png'), fullPage: true });

      // The same page in Chinese.
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('dialog', { name: 'Language' }).getByText('简体中文').click();
      await expect(page.getByRole('heading', { name: '数据连接', level: 3 })).toBeVisible();
      await expect(gaCard(page).getByText('已是最新')).toBeVisible();
      await expect(gaCard(page).getByRole('button', { name: '立即同步' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: '语言' })).toBeHidden();
      await page.screenshot({ path: test.info().outputPath('connectors-bound-zh_CN.png'), fullPage: true });

      // Bound -> unbound: confirm, revoke, and the page reloads showing it unbound.
      await gaCard(page).getByRole('switch').click();
      const confirm = page.getByRole('dialog').filter({ hasText: '断开 Google Analytics 4 的连接？' });
      await expect(confirm).toBeVisible();
      const reloaded = page.waitForEvent('load');
      await confirm.getByRole('button', { name: '断开连接' }).click();
      await reloaded;
      await expect(gaCard(page)).toContainText('未连接');
      await expect(gaCard(page).getByRole('switch')).not.toBeChecked();
      await page.screenshot({ path: test.info().outputPath('connectors-unbound-zh_CN.png'), fullPage: true });
    });

    test('the admin sees the calls made to Google over time and the platforms with their bindings', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const admin = await newAdmin(request, baseURL as string, 'admin');
      await signInAt(
        page,
        baseURL as string,
        '/admin/integ-3rd-platform/interfaces',
        admin.email,
        admin.password,
      );
      await expect(page.getByRole('heading', { name: 'Interfaces', level: 3 })).toBeVisible();
      const runReport = page.locator('tr[data-row-key="analytics_data.run_report"]');
      await expect(runReport).toBeVisible();
      await expect(runReport).not.toContainText('Never');
      // AG Charts (loaded lazily) draws the calls over time on a canvas.
      await expect(page.locator('.ag-charts-wrapper canvas, [data-ag-charts] canvas').first()).toBeVisible();
      await expect(page.locator('.ag-row').filter({ hasText: ':runReport' }).first()).toBeVisible();
      // By hour over the last day; the chart holds the calls (AG Charts says so when it has none).
      await page.getByText('Last 24 hours').click();
      await expect(page).toHaveURL(/days=1/);
      await expect(page.getByTestId('interfaces-over-time')).toContainText('Analytics Data: run report');
      await expect(page.getByTestId('interfaces-over-time')).not.toContainText('No data to display');
      await page.screenshot({ path: test.info().outputPath('admin-interfaces-en.png') });
      // The console scrolls inside its content pane: the chart and the log are taken one by one.
      await page
        .getByTestId('interfaces-over-time')
        .screenshot({ path: test.info().outputPath('admin-interfaces-chart-en.png') });
      await page
        .getByTestId('interfaces-recent-calls')
        .screenshot({ path: test.info().outputPath('admin-interfaces-calls-en.png') });

      await page.goto('/admin/integ-3rd-platform/platforms');
      const ga = page.getByTestId('platform-ga');
      await expect(ga).toContainText('Configured');
      await expect(ga.getByRole('switch', { name: 'Offer Google Analytics 4 to teams' })).toBeChecked();
      await expect(ga).toContainText('https://www.googleapis.com/auth/analytics.readonly');
      await page.screenshot({ path: test.info().outputPath('admin-platforms-en.png'), fullPage: true });
    });
  });
