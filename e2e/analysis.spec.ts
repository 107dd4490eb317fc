import { expect, type Page, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { signUpByApi } from './support/session';
import { chooseChinese, shot } from './support/ui';

/**
 * The analysis runner as a marketer uses it (issue 25): channel performance over the demo data,
 * compared with the same period a year before and filtered to one device, run and read back: the
 * summary, the grid with its source, and both charts comparing the two ranges; then the run in
 * the history. Once in English and once in Chinese.
 */

interface Words {
  run: string;
  filters: string;
  addFilter: string;
  field: string;
  device: string;
  condition: string;
  equals: string;
  value: string;
  compareWith: string;
  lastYear: string;
  history: string;
  fn: string;
  period: string;
  filtersUsed: string;
}

const EN: Words = {
  run: 'Run',
  filters: 'Filters',
  addFilter: 'Add filter',
  field: 'Field',
  device: 'Device',
  condition: 'Condition',
  equals: 'equals',
  value: 'Value',
  compareWith: 'Compare with',
  lastYear: 'Same period last year',
  history: 'Run history',
  fn: 'Channel performance',
  period: 'Period',
  filtersUsed: 'Filters: 1',
};

const ZH: Words = {
  run: '运行',
  filters: '筛选',
  addFilter: '添加筛选条件',
  field: '字段',
  device: '设备',
  condition: '条件',
  equals: '等于',
  value: '值',
  compareWith: '对比',
  lastYear: '去年同期',
  history: '运行记录',
  fn: '渠道表现',
  period: '时间范围',
  filtersUsed: '筛选：1',
};

/** An antd select's option, picked as a user does: open it, click the option shown. */
async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function runChannelPerformance(page: Page, w: Words) {
  await expect(page.getByRole('navigation').getByText(w.fn)).toBeVisible();

  // The comparison: a year before, picked in the date-range picker.
  await page.getByRole('button', { name: new RegExp(`^${w.period}`) }).click();
  await page.getByRole('radiogroup', { name: w.compareWith }).getByText(w.lastYear).click();
  await page.keyboard.press('Escape');

  // One filter: device equals mobile.
  await page.getByText(w.filters, { exact: true }).click();
  await page.getByRole('button', { name: new RegExp(w.addFilter) }).click();
  await pick(page, w.field, w.device);
  await pick(page, w.condition, w.equals);
  await page.getByRole('textbox', { name: w.value }).fill('mobile');

  await page.getByRole('button', { name: w.run, exact: true }).click();
  const run = page.getByTestId('analysis-run');
  await expect(run.getByTestId('reply-grid').getByText('Organic Search').first()).toBeVisible();
  await expect(run.getByTestId('reply-grid').getByText(/Demo Store \(GA4\)/)).toBeVisible();
  // Two distinct ranges: both charts compare them (spec section 5).
  await expect(run.getByTestId('reply-chart')).toHaveCount(2);
  await expect(run.getByTestId('reply-chart').first().locator('canvas').first()).toBeVisible();
  await expect(run.getByTestId('reply-chart').last().locator('canvas').first()).toBeVisible();
  await expect(run.getByText(new RegExp(w.filtersUsed))).toBeVisible();
  return run;
}

test.describe('analysis', () => {
  test('a marketer runs channel performance against last year on mobile and reads the grid, both charts and the history', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string, newUser('analysis'));
    await page.goto('/ai-table/analysis');
    await runChannelPerformance(page, EN);
    await expect(page.getByTestId('analysis-run').getByText('Credits: 5')).toBeVisible();
    await shot(page, 'analysis-run');

    await page.getByRole('button', { name: EN.history }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: /Channel performance/ })).toHaveCount(
      1,
    );
  });

  test('the same in Chinese', async ({ page, baseURL }) => {
    await signUpByApi(page.request, baseURL as string, newUser('analysis-zh'));
    await page.goto('/ai-table/analysis');
    await chooseChinese(page);
    const run = await runChannelPerformance(page, ZH);
    await expect(run.getByText('积分：5')).toBeVisible();
    await shot(page, 'analysis-run-zh');
  });
});
