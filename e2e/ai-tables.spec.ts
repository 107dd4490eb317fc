import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
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
  /** The offline writer's headline naming the brand's site, in the reader's language. */
  officialSite: RegExp;
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
  // The run names the model that wrote it (the offline writer here).
  finished: /Last run: Completed · Offline writer · ([\d,]+) of \1 done/,
  openPreview: 'Open the ad preview',
  sponsored: 'Sponsored',
  exportXlsx: 'Export XLSX',
  officialSite: /Demo Store Official Site/,
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
  finished: /上次运行：已完成 · 离线写入器 · 已完成 ([\d,]+) \/ \1/,
  openPreview: '打开广告预览',
  sponsored: '赞助商广告',
  exportXlsx: '导出 XLSX',
  officialSite: /Demo Store官方网站/,
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
  await expect(page.getByText(w.officialSite).first()).toBeVisible();
  await shot(page, `ai-table-ads-${w === ZH ? 'zh' : 'en'}`);
  // A cell opens its ad as a search result shows it.
  await page.getByTitle(w.openPreview).first().click();
  const preview = page.getByRole('dialog', { name });
  await expect(preview.getByText(w.sponsored)).toBeVisible();
  await expect(preview.getByText(w.officialSite)).toBeVisible();
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
  expect(String(sheet.getRow(2).getCell(adColumn).value)).toMatch(w.officialSite);
}

/** A dataset of `rows` keywords, uploaded and imported over the API as the storage page does. */
async function keywordDataset(request: APIRequestContext, auth: Record<string, string>, rows: number) {
  const lines = ['Day,Keyword,Clicks'];
  for (let i = 1; i <= rows; i += 1) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},keyword ${i},${i}`);
  }
  const stored = await request.post('/api/account/storage/upload', {
    headers: auth,
    multipart: {
      upload_files: { name: 'keywords.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) },
    },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  const file = ((await stored.json()) as { result: { file: { id: string } | null }[] }).result[0]?.file;
  if (!file) throw new Error('the upload kept no file');
  const preview = await request.post('/api/analytics/datasets/preview', {
    headers: auth,
    data: { file_id: file.id },
  });
  const { columns } = (await preview.json()) as { columns: unknown[] };
  const started = await request.post('/api/analytics/datasets', {
    headers: auth,
    data: { file_id: file.id, name: 'Keywords', columns },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { dataset } = (await started.json()) as { dataset: { id: string } };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/analytics/datasets/${dataset.id}`, { headers: auth })).json()) as {
            dataset: { status: string };
          }
        ).dataset.status,
      { timeout: 60_000 },
    )
    .toBe('ready');
  return dataset.id;
}

test.describe('AI tables', () => {
  test('a table of 10,000 rows scrolls in one body: only the rows in view are drawn, the last is reached, the header box chooses them all', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const user = await signUpByApi(page.request, baseURL as string, newUser('ai-table-big'));
    const auth = await apiToken(page.request, user.email, user.password);
    const datasetId = await keywordDataset(page.request, auth, 10_000);
    const made = await page.request.post('/api/ai-tables', {
      headers: auth,
      data: { name: 'Ten thousand keywords', source: { kind: 'dataset', dataset_id: datasetId } },
    });
    expect(made.status(), await made.text()).toBe(200);
    const { table } = (await made.json()) as { table: { id: string; row_count: number } };
    expect(table.row_count).toBe(10_000);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/ai-table?table=${table.id}`);
    await expect(page.getByText('Rows: 10,000')).toBeVisible({ timeout: 30_000 });
    const grid = page.locator('.data-grid');
    await expect(grid.getByText('keyword 1', { exact: true })).toBeVisible();
    // One body, no pager.
    await expect(page.getByText('Page size:')).toBeHidden();
    const drawn = () => grid.locator('.ag-center-cols-container [role="row"]').count();
    expect(await drawn()).toBeLessThan(80);

    // Scrolled to the end in steps, as a wheel does: the last row comes into view, and the grid
    // still holds only the rows around it.
    const scrolled = await grid.evaluate(async (gridElement) => {
      // The grid's scrolled body: the element that scrolls the rows up and down.
      const element = [...gridElement.querySelectorAll<HTMLElement>('*')].find(
        (each) =>
          each.scrollHeight > each.clientHeight + 1000 && getComputedStyle(each).overflowY !== 'visible',
      );
      if (!element) throw new Error('no scrolled body in the grid');
      const step = Math.max(element.clientHeight, 200) * 3;
      for (let top = 0; top <= element.scrollHeight; top += step) {
        element.scrollTop = top;
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      }
      element.scrollTop = element.scrollHeight;
      return { height: element.scrollHeight, view: element.clientHeight };
    });
    // Every row has its height in the body: the scroll spans them all.
    expect(scrolled.height).toBeGreaterThan(10_000 * 30);
    await expect(grid.getByText('keyword 10000', { exact: true })).toBeVisible();
    expect(await drawn()).toBeLessThan(80);
    await shot(page, 'ai-table-10000-rows');

    // The header's box chooses every row the filters leave.
    await grid.getByRole('checkbox', { name: /^Choose every row shown/ }).check();
    await expect(page.getByText(/Rows chosen: 10,?000/)).toBeVisible();
    await page.getByRole('button', { name: 'Clear the choice' }).click();
    await expect(page.getByText(/Rows chosen/)).toHaveCount(0);
  });

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
