import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { newUser } from './support/accounts';
import { apiToken } from './support/admin';
import { buyPlan } from './support/purchase';
import { signUpByApi } from './support/session';
import { shot } from './support/ui';

/**
 * AI tables as a marketer builds one (issue 25): the Ads keywords that spent without converting,
 * from an analysis run made into an AI table, an ad-copy column run over every keyword by the job
 * runner (offline writer), the ads seen in the preview block, and the table exported to XLSX and
 * read back. AI tables are a paid area: the journey's own account buys Pro first (sandbox).
 */

async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

test('an AI table of Ads keywords gets an ad-copy column, run, previewed and exported to XLSX', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const user = await signUpByApi(page.request, baseURL as string, newUser('ai-table'));
  await buyPlan(page.request, await apiToken(page.request, user.email, user.password), 'Pro');

  // The keywords: Ads wasted spend, grouped by keyword, over the last 90 days.
  await page.goto('/ai-table/analysis?fn=analysis.gads_wasted_spend');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const run = page.getByTestId('analysis-run');
  await expect(run.getByTestId('reply-grid').first()).toBeVisible();
  await run.getByRole('button', { name: 'Make an AI table' }).click();

  await expect(page).toHaveURL(/\/ai-table\?/);
  const modal = page.getByRole('dialog', { name: 'New table' });
  await expect(modal.getByLabel('Table name')).toHaveValue('Ads wasted spend');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/table=/);
  await expect(page.getByText(/Rows: \d+/)).toBeVisible();

  // An ad-copy column over the keyword.
  await page.getByRole('button', { name: 'Add AI column' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add AI column' });
  await drawer.getByLabel('Column name').fill('Search ad');
  await drawer.getByLabel('Prompt').fill('Write a search ad for {{keyword}}');
  await pick(page, 'Output', 'Ad copy');
  await drawer.getByRole('button', { name: 'Add column' }).click();

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('button', { name: 'Start the run' }).click();
  // The job runner writes every cell; the previews show the ads within Google Ads' limits.
  await expect(page.getByText(/Last run: Completed · (\d+) of \1 done/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Official Site/).first()).toBeVisible();
  await shot(page, 'ai-table-ads');
  // A cell opens its ad as a search result shows it.
  await page.getByTitle('Open the ad preview').first().click();
  const preview = page.getByRole('dialog', { name: 'Search ad' });
  await expect(preview.getByText('Sponsored')).toBeVisible();
  await expect(preview.getByText(/Demo Store Official Site/)).toBeVisible();
  await shot(page, 'ai-table-ad-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // XLSX through the generated-file store, read back.
  const downloaded = new Promise<import('@playwright/test').Download>((resolve) => {
    page.once('download', resolve);
    page.context().once('page', (popup) => popup.once('download', resolve));
  });
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const download = await downloaded;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the XLSX has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining(['Keyword', 'Search ad']));
  const adColumn = header.indexOf('Search ad');
  expect(String(sheet.getRow(2).getCell(adColumn).value)).toMatch(/Official Site/);
});
