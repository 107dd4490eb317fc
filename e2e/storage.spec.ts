import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Download, expect, test } from '@playwright/test';
import { signUpByApi } from './support/session';

const CSV = Buffer.from('date,channel,sessions\n2026-11-01,organic,120\n2026-11-02,paid,80\n');

test.describe('storage', () => {
  test('upload with per-file results, retry a failure, move between folders, download the same bytes', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string);
    await page.goto('/account/user/storage');
    await expect(page.getByRole('heading', { name: 'Storage', level: 3 })).toBeVisible();

    // A folder to upload into.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Reports');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Reports (0)').click();

    // A long name stays on one line beside its icon, cut, with the whole name as its tooltip.
    const long = 'Quarterly campaign performance reports for every region and channel';
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(long);
    await page.getByRole('button', { name: 'Save' }).click();
    const title = page.locator('.folder-tree .ant-tree-title', { hasText: long });
    await expect(title.locator(`span[title="${long} (0)"]`)).toBeVisible();
    const line = await title.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      cut: element.scrollWidth > element.clientWidth,
    }));
    expect(line.height).toBeLessThan(30);
    expect(line.cut).toBe(true);
    await page.getByText('Reports (0)').click();

    // The icon's label is part of the button's name.
    await page.getByRole('button', { name: /^(upload )?Upload$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    // Picked from disk, as a user does: the browser reads the files itself. (Handed over as
    // buffers, the 20 MB one crossed the protocol in base64, seconds of the journey.)
    const picked = test.info().outputPath('picked');
    await mkdir(picked, { recursive: true });
    const files: [string, Buffer][] = [
      ['sessions.csv', CSV],
      ['empty.txt', Buffer.alloc(0)],
      ['huge.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 0x61)],
    ];
    for (const [name, bytes] of files) await writeFile(path.join(picked, name), bytes);
    await dialog.locator('input[type=file]').setInputFiles(files.map(([name]) => path.join(picked, name)));
    const items = dialog.getByTestId('upload-item');
    // The empty file is ignored; the one over 20 MB is flagged and will not be sent.
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'huge.csv' })).toContainText('> 20.00 MB');

    // The first attempt meets a network failure; the file stays, and the button reads Retry.
    await page.route('**/api/account/storage/upload', (route) => route.abort(), { times: 1 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(items.filter({ hasText: 'sessions.csv' })).toHaveAttribute('data-status', 'failure');
    await expect(page.getByRole('dialog', { name: 'Upload failed' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Upload failed' }).getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(items.filter({ hasText: 'sessions.csv' })).toHaveAttribute('data-status', 'success');
    await expect(items.filter({ hasText: 'huge.csv' })).toHaveAttribute('data-status', 'oversize');
    await page.screenshot({ path: 'test-results/storage-upload-dialog.png' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The file is in Reports; move it to the top level.
    const row = page.locator('.ag-row').filter({ hasText: 'sessions.csv' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    await page.getByRole('dialog', { name: 'Move to' }).getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Reports (0)')).toBeVisible();
    await page.locator('.ant-tree-title', { hasText: 'Top level' }).click();
    await expect(page.locator('.ag-row').filter({ hasText: 'sessions.csv' })).toBeVisible();
    await expect(page.getByTestId('storage-usage')).toContainText(`${CSV.length}.00 B of 100.00 MB used`);
    await page.screenshot({ path: 'test-results/storage-page.png', fullPage: true });

    // Download opens a new window through a signed link; the bytes are the ones uploaded. The
    // listener is on the new window from its first moment: a quick download starts before a
    // listener added after the popup event would be.
    const downloaded = new Promise<Download>((resolve) => {
      page.context().once('page', (popup) => popup.once('download', resolve));
    });
    await page
      .locator('.ag-row')
      .filter({ hasText: 'sessions.csv' })
      .getByRole('button', { name: 'Download' })
      .click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('sessions.csv');
    expect((await readFile(await download.path())).equals(CSV)).toBe(true);
    await rm(picked, { recursive: true, force: true });
  });

  test('a CSV becomes a dataset: preview with inferred types, import with progress, ready', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string);
    await page.goto('/account/user/storage');
    await page.getByRole('button', { name: /^(upload )?Upload$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    const csv = [
      'Day,Channel,Sessions,Spend',
      '2026-10-01,organic,"1,200",$0.00',
      '2026-10-02,paid,800,$12.50',
    ].join('\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles([{ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('upload-item')).toHaveAttribute('data-status', 'success');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const row = page.locator('.ag-row').filter({ hasText: 'report.csv' });
    await row.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Import as a dataset' }).click();
    const importer = page.getByRole('dialog', { name: 'Import as a dataset' });
    // The types the server inferred, each correctable.
    await expect(importer.getByRole('combobox', { name: 'Column type' })).toHaveCount(4);
    await expect(importer.locator('.ant-select-content').filter({ hasText: 'Currency' })).toBeVisible();
    await importer.getByRole('button', { name: 'Import' }).click();
    const card = page.getByTestId('datasets-card');
    await expect(card.getByText('report')).toBeVisible();
    await expect(card.getByText('Ready')).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText('2 rows, 4 columns');
    await page.screenshot({ path: 'test-results/storage-datasets.png', fullPage: true });
  });
});
