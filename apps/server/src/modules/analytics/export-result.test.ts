import { exportQueryResult } from '@app/contract/analytics/export';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { downloadStorageFile } from '@app/contract/storage/files';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { resultCsv } from './export-result';

/** Results exported as CSV and XLSX into the team's storage, read back as a spreadsheet would. */
describe('exporting a kept result', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpUser>>;
  let bob: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
    bob = await signUpUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const ask = async () =>
    (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: alice,
        body: {
          source: 'ga',
          metrics: ['sessions', 'conversion_rate', 'revenue'],
          dimensions: ['channel'],
          date_range: 'last_7_days',
        },
      })
    ).ok();
  const download = async (path: string) => {
    const token = new URL(path, 'http://server').searchParams.get('token') ?? '';
    const answer = await callEndpoint(t.app, downloadStorageFile, { query: { token } });
    expect(answer.status).toBe(200);
    return answer;
  };

  it('CSV: headings with units, money in currency units, ratios in percent, every row as answered', async () => {
    const result = await ask();
    expect(result.rows.length).toBeGreaterThan(3);
    const answer = (
      await callEndpoint(t.app, exportQueryResult, {
        as: alice,
        params: { id: result.result_id },
        body: { format: 'csv', filename: 'Channels.csv' },
      })
    ).ok();
    expect(answer.file).toMatchObject({ name: 'Channels.csv', ext: 'csv', origin: 'generated' });
    const got = await download(answer.file_path);
    expect(String(got.headers['content-disposition'])).toContain('Channels.csv');
    const text = got.raw.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Channel,Sessions,Conversion rate (%),Revenue (USD)');
    expect(lines.slice(1)).toEqual(
      result.rows.map(
        (row) =>
          `${row.channel},${row.sessions},${Math.round(Number(row.conversion_rate) * 1e8) / 1e6},${Number(row.revenue) / 100}`,
      ),
    );
  });

  it('XLSX: typed cells (money, percent) and a sheet saying where the figures came from', async () => {
    const result = await ask();
    const answer = (
      await callEndpoint(t.app, exportQueryResult, {
        as: alice,
        params: { id: result.result_id },
        body: { format: 'xlsx' },
      })
    ).ok();
    expect(answer.file.name).toMatch(/^Result [\w-]{1,8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(answer.file_path)).raw as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Result');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Channel',
      'Sessions',
      'Conversion rate',
      'Revenue (USD)',
    ]);
    result.rows.forEach((row, i) => {
      const cells = sheet?.getRow(i + 2);
      expect(cells?.getCell(1).value).toBe(row.channel);
      expect(cells?.getCell(2).value).toBe(row.sessions);
      expect(cells?.getCell(3).value).toBe(row.conversion_rate);
      expect(cells?.getCell(3).numFmt).toBe('0.00%');
      expect(cells?.getCell(4).value).toBe(Number(row.revenue) / 100);
    });
    const about = book.getWorksheet('About');
    const said = about?.getSheetValues().flat().map(String).join('\n') ?? '';
    expect(said).toContain(result.ranges[0]?.start ?? 'none');
    expect(said).toContain('Demo Store (GA4) (Demo)');
    expect(said).toContain(result.sql_runnable[0] ?? 'none');
  });

  it("another team's result is not found; a format other than csv or xlsx is refused naming it", async () => {
    const result = await ask();
    const theirs = await callEndpoint(t.app, exportQueryResult, {
      as: bob,
      params: { id: result.result_id },
      body: { format: 'csv' },
    });
    expect(theirs.status).toBe(404);
    const wrong = await callEndpoint(t.app, exportQueryResult, {
      as: alice,
      params: { id: result.result_id },
      body: { format: 'pdf' as 'csv' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.error().fields ?? {})).toEqual(['format']);
  });

  it('a text cell that a spreadsheet would run as a formula is written as text', () => {
    const csv = resultCsv({
      columns: [
        { key: 'campaign', label: 'Campaign', type: 'text', unit: null, role: 'dimension', metric: null },
        { key: 'cost', label: 'Cost', type: 'money', unit: 'USD', role: 'value', metric: 'cost' },
      ],
      rows: [
        { campaign: '=HYPERLINK("http://evil")', cost: -1250 },
        { campaign: 'Brand, "exact"', cost: 99 },
      ],
      ranges: [],
      freshness: [],
      sql: [],
      parameters: [],
      sql_runnable: [],
      truncated: false,
      result_id: 'r',
    });
    expect(csv).toBe(
      '\ufeffCampaign,Cost (USD)\r\n"\'=HYPERLINK(""http://evil"")",-12.5\r\n"Brand, ""exact""",0.99\r\n',
    );
  });
});
