import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { newUser } from './support/accounts';
import { apiToken } from './support/admin';
import { buyPlan } from './support/purchase';
import { signUpByApi } from './support/session';
import { chooseChinese, shot } from './support/ui';

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

interface Words {
  run: string;
  makeTable: string;
  newTable: string;
  tableName: string;
  fnName: string;
  create: string;
  rows: RegExp;
  addColumn: string;
  columnName: string;
  prompt: string;
  output: string;
  adCopy: string;
  addColumnButton: string;
  startRun: string;
  finished: RegExp;
  openPreview: string;
  sponsored: string;
  exportXlsx: string;
}

const EN: Words = {
  run: 'Run',
  makeTable: 'Make an AI table',
  newTable: 'New table',
  tableName: 'Table name',
  fnName: 'Ads wasted spend',
  create: 'Create',
  rows: /Rows: \d+/,
  addColumn: 'Add AI column',
  columnName: 'Column name',
  prompt: 'Prompt',
  output: 'Output',
  adCopy: 'Ad copy',
  addColumnButton: 'Add column',
  startRun: 'Start the run',
  finished: /Last run: Completed · (\d+) of \1 done/,
  openPreview: 'Open the ad preview',
  sponsored: 'Sponsored',
  exportXlsx: 'Export XLSX',
};

const ZH: Words = {
  run: '运行',
  makeTable: '生成 AI 表格',
  newTable: '新建表格',
  tableName: '表格名称',
  fnName: '广告无效花费',
  create: '创建',
  rows: /行数：\d+/,
  addColumn: '添加 AI 列',
  columnName: '列名',
  prompt: '提示词',
  output: '输出类型',
  adCopy: '广告文案',
  addColumnButton: '添加列',
  startRun: '开始运行',
  finished: /上次运行：已完成 · 已完成 (\d+) \/ \1/,
  openPreview: '打开广告预览',
  sponsored: '赞助商广告',
  exportXlsx: '导出 XLSX',
};

async function buildAdTable(page: Page, w: Words, name: string) {
  // The keywords: Ads wasted spend, grouped by keyword, over the last 90 days.
  await page.goto('/ai-table/analysis?fn=analysis.gads_wasted_spend');
  await page.getByRole('button', { name: w.run, exact: true }).click();
  const run = page.getByTestId('analysis-run');
  await expect(run.getByTestId('reply-grid').first()).toBeVisible();
  await run.getByRole('button', { name: w.makeTable }).click();

  await expect(page).toHaveURL(/\/ai-table\?/);
  const modal = page.getByRole('dialog', { name: w.newTable });
  await expect(modal.getByLabel(w.tableName)).toHaveValue(w.fnName);
  await modal.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/table=/);
  await expect(page.getByText(w.rows)).toBeVisible();

  // An ad-copy column over the keyword.
  await page.getByRole('button', { name: w.addColumn }).first().click();
  const drawer = page.getByRole('dialog', { name: w.addColumn });
  await drawer.getByLabel(w.columnName).fill(name);
  await drawer.getByLabel(w.prompt).fill('Write a search ad for {{keyword}}');
  await pick(page, w.output, w.adCopy);
  await drawer.getByRole('button', { name: w.addColumnButton }).click();

  await page.getByRole('button', { name: w.run, exact: true }).click();
  await page.getByRole('button', { name: w.startRun }).click();
  // The job runner writes every cell; the previews show the ads within Google Ads' limits.
  await expect(page.getByText(w.finished)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Official Site/).first()).toBeVisible();
  await shot(page, `ai-table-ads-${w === ZH ? 'zh' : 'en'}`);
  // A cell opens its ad as a search result shows it.
  await page.getByTitle(w.openPreview).first().click();
  const preview = page.getByRole('dialog', { name });
  await expect(preview.getByText(w.sponsored)).toBeVisible();
  await expect(preview.getByText(/Demo Store Official Site/)).toBeVisible();
  await shot(page, `ai-table-ad-preview-${w === ZH ? 'zh' : 'en'}`);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // XLSX through the generated-file store, read back.
  const downloaded = new Promise<import('@playwright/test').Download>((resolve) => {
    page.once('download', resolve);
    page.context().once('page', (popup) => popup.once('download', resolve));
  });
  await page.getByRole('button', { name: w.exportXlsx }).click();
  const download = await downloaded;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the XLSX has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining([name]));
  const adColumn = header.indexOf(name);
  expect(String(sheet.getRow(2).getCell(adColumn).value)).toMatch(/Official Site/);
}

test.describe('AI tables', () => {
  test('an AI table of Ads keywords gets an ad-copy column, run, previewed and exported to XLSX', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const user = await signUpByApi(page.request, baseURL as string, newUser('ai-table'));
    await buyPlan(page.request, await apiToken(page.request, user.email, user.password), 'Pro');
    await buildAdTable(page, EN, 'Search ad');
  });

  test('the same in Chinese', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const user = await signUpByApi(page.request, baseURL as string, newUser('ai-table-zh'));
    await buyPlan(page.request, await apiToken(page.request, user.email, user.password), 'Pro');
    await page.goto('/ai-table');
    await chooseChinese(page);
    await buildAdTable(page, ZH, '搜索广告');
  });
});
