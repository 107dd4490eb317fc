import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import { newUser } from './support/accounts';
import { signUpByApi } from './support/session';
import { chooseChinese, shot } from './support/ui';

/**
 * The assistant as a new user meets it (issue 24): a question about the demo data answered in
 * seconds with the commentary streamed, the grid, the server's chart and the cost; the SQL behind
 * it opened; the reply exported to Word and read back; a reply stopped mid-stream; regenerated.
 * The e2e server paces the offline analyst's words (OFFLINE_STREAM_PACE_MS) so a stop can land.
 */

const QUESTION = 'sessions by channel, last 30 days vs the preceding period';

async function ask(page: Page, text: string, box = 'Message') {
  await page.getByRole('textbox', { name: box }).fill(text);
  await page.keyboard.press('Enter');
}

/** The docx a click opens in a new window, as its bytes. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  // The new window closes as its download starts; Chromium reports the download on that window or
  // on the one that opened it, so both listen from their first moment.
  const downloaded = new Promise<Download>((resolve) => {
    page.once('download', resolve);
    page.context().once('page', (popup) => popup.once('download', resolve));
  });
  await click();
  const download = await downloaded;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('the assistant', () => {
  test('answers about the demo data with a grid, a chart, the SQL and the cost; exports to Word; stops; regenerates', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string, newUser('chat'));
    await page.goto('/chat');
    await expect(page.getByText('Offline assistant')).toBeVisible();
    await ask(page, QUESTION);

    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    const grid = reply.getByTestId('reply-grid');
    await expect(grid.getByText('Organic Search')).toBeVisible();
    await expect(grid.getByText('Preceding period').first()).toBeVisible();
    await expect(grid.getByText(/Source: Demo Store \(GA4\) \(Demo\)/)).toBeVisible();
    await expect(reply.getByTestId('reply-chart').locator('canvas').first()).toBeVisible();
    await expect(reply.getByText(/Organic Search leads with/)).toBeVisible();
    await expect(reply.getByTestId('reply-cost')).toHaveText('Credits: 1 · Offline assistant');
    // The chat is listed under its question.
    await expect(page.getByRole('link', { name: QUESTION })).toBeVisible();

    // The SQL behind the figures, runnable as shown.
    await reply.getByText('SQL', { exact: true }).click();
    await expect(reply.locator('pre code')).toContainText('ga_daily');

    // Word: a real .docx named after the question, its table a Word table with the figures.
    const word = await downloadFrom(page, () =>
      reply.getByRole('button', { name: 'Export as Word (.docx)' }).click(),
    );
    expect(word.name).toBe(`${QUESTION}.docx`);
    const document = await (await JSZip.loadAsync(word.bytes)).file('word/document.xml')?.async('string');
    expect(document).toContain('<w:tbl>');
    expect(document).toContain('Organic Search');
    await shot(page, 'chat-answer');

    // A reply stopped while its words stream is kept as stopped, and regenerated in full.
    await ask(page, 'sessions by device, last 7 days');
    const second = page.getByRole('article', { name: 'Assistant' }).last();
    await expect(second.getByText('Answering…')).toBeVisible();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('article', { name: 'Assistant' }).last().getByText('Stopped')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

    await page
      .getByRole('article', { name: 'Assistant' })
      .last()
      .getByRole('button', { name: 'Regenerate' })
      .click();
    const again = page.getByRole('article', { name: 'Assistant' }).last();
    await expect(again.getByTestId('reply-cost')).toHaveText('Credits: 1 · Offline assistant');
    await expect(again.getByTestId('reply-grid').getByText('desktop')).toBeVisible();
    await expect(again.getByText('Stopped')).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Assistant' })).toHaveCount(2);
  });

  test('two sources in one table: Search Console clicks beside GA4 sessions per page, each column naming its source', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string, newUser('chat-beside'));
    await page.goto('/chat');
    await ask(page, 'Search Console clicks beside GA4 sessions per page, last 30 days');

    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect(reply.getByTestId('reply-cost')).toHaveText('Credits: 1 · Offline assistant');
    // One grid, not one per source.
    await expect(reply.getByTestId('reply-grid')).toHaveCount(1);
    const grid = reply.getByTestId('reply-grid');
    await expect(grid.getByText('Clicks · Google Search Console')).toBeVisible();
    await expect(grid.getByText('Sessions · Google Analytics 4')).toBeVisible();
    await expect(grid.getByText('/blog/seo-checklist')).toBeVisible();
    await expect(
      grid.getByText(
        /Source: Google Search Console: .*\(Demo\).*; Google Analytics 4: Demo Store \(GA4\) \(Demo\)/,
      ),
    ).toBeVisible();
    await expect(reply.getByTestId('reply-chart').locator('canvas').first()).toBeVisible();
    await shot(page, 'chat-two-sources');
  });

  test('a one-row answer shows a grid as tall as its row, not a tall empty band', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string, newUser('chat-one-row'));
    await page.goto('/chat');
    await ask(page, 'revenue this month so far');
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect(reply.getByTestId('reply-cost')).toBeVisible();
    // The header, one row and the pager: AG Grid's 150 px least body made it about 240 px.
    const grid = reply.getByTestId('reply-grid').locator('.ag-root-wrapper');
    await expect(grid).toBeVisible();
    const height = (await grid.boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThan(100);
    expect(height).toBeLessThan(160);
  });

  test('answers in Chinese, with Chinese headings and cost', async ({ page, baseURL }) => {
    await signUpByApi(page.request, baseURL as string, newUser('chat-zh'));
    await page.goto('/chat');
    await chooseChinese(page);
    await ask(page, '最近30天各渠道的会话数，较上一周期', '消息');

    const reply = page.getByRole('article', { name: '助手' }).last();
    await expect(reply.getByTestId('reply-grid').getByText('渠道')).toBeVisible();
    await expect(reply.getByTestId('reply-grid').getByText('Organic Search')).toBeVisible();
    await expect(reply.getByTestId('reply-chart').locator('canvas').first()).toBeVisible();
    await expect(reply.getByText(/Organic Search 居首/)).toBeVisible();
    await expect(reply.getByTestId('reply-cost')).toHaveText('积分：1 · 离线助手');
    await shot(page, 'chat-answer-zh');
  });
});
