import { createAiTable, getAiTable } from '@app/contract/ai-tables/tables';
import { deleteDataset, getDataset, importDataset, previewDataset } from '@app/contract/analytics/datasets';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { listAnalyticsSources } from '@app/contract/analytics/sources';
import { createChat, sendChatMessage } from '@app/contract/chat/chats';
import { uploadStorageFiles } from '@app/contract/storage/files';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { type FilePart, uploadThrough } from '../../test/multipart';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type Caller = Awaited<ReturnType<typeof signUpUser>>;

/** 30 days × 2 channels of generated marketing rows, and the CSV a user would upload of them. */
const DAYS = Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
const ROWS = DAYS.flatMap((day, d) =>
  ['organic', 'paid'].map((channel, c) => ({
    day,
    channel,
    sessions: 1000 + d * 37 + c * 211,
    spendCents: c === 0 ? 0 : 12_345 + d * 101,
    ctr: 0.01 * ((d % 7) + 1),
  })),
);
const money = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
const CSV = Buffer.from(
  [
    'Day,Channel,Sessions,Spend,CTR',
    ...ROWS.map(
      (r) =>
        `${r.day},${r.channel},"${r.sessions.toLocaleString('en-US')}","${money(r.spendCents)}",${(r.ctr * 100).toFixed(1)}%`,
    ),
  ].join('\n'),
);

describe('datasets from uploads', () => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;

  const upload = async (who: Caller, part: FilePart) => {
    const res = await uploadThrough(t.app, uploadStorageFiles, { as: who, files: [part] });
    const [item] = res.ok().result;
    if (!item?.file) throw new Error(`upload failed: ${res.text}`);
    return item.file.id;
  };
  const settled = async (id: string, who: Caller) => {
    for (let i = 0; i < 200; i += 1) {
      const { dataset } = (await callEndpoint(t.app, getDataset, { params: { id }, as: who })).ok();
      if (dataset.status !== 'importing') return dataset;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not finish');
  };

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'true' });
    alice = await signUpUser(t.app, { name: 'Alice' });
    bob = await signUpUser(t.app, { name: 'Bob' });
  }, 60_000);
  afterAll(() => t.close());

  let fileId = '';
  let datasetId = '';

  it('a CSV previews with its types inferred: date, text, number, currency, percent', async () => {
    fileId = await upload(alice, { name: 'channels.csv', content: CSV, type: 'text/csv' });
    const preview = (
      await callEndpoint(t.app, previewDataset, { body: { file_id: fileId }, as: alice })
    ).ok();
    expect(preview.columns.map((c) => [c.key, c.type])).toEqual([
      ['day', 'date'],
      ['channel', 'text'],
      ['sessions', 'number'],
      ['spend', 'currency'],
      ['ctr', 'percent'],
    ]);
    expect(preview.rows[0]).toEqual(['2026-10-01', 'organic', '1,000', '$0.00', '1.0%']);
    expect(preview.rows).toHaveLength(20);
  });

  it('imports as a job, then answers queries whose figures equal the rows added up independently', async () => {
    const preview = (
      await callEndpoint(t.app, previewDataset, { body: { file_id: fileId }, as: alice })
    ).ok();
    const started = (
      await callEndpoint(t.app, importDataset, {
        body: { file_id: fileId, name: 'Channel report', columns: preview.columns },
        as: alice,
      })
    ).ok();
    expect(started.dataset.status).toBe('importing');
    datasetId = started.dataset.id;
    const ready = await settled(datasetId, alice);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, row_count: ROWS.length, error: null });

    const result = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        body: {
          source: `dataset:${datasetId}`,
          metrics: ['sessions', 'spend', 'ctr', 'rows'],
          dimensions: ['channel'],
          date_range: { start: '2026-10-08', end: '2026-10-21' },
          order: [{ field: 'channel', direction: 'asc' }],
        },
        as: alice,
      })
    ).ok();
    const inRange = ROWS.filter((r) => r.day >= '2026-10-08' && r.day <= '2026-10-21');
    for (const channel of ['organic', 'paid']) {
      const mine = inRange.filter((r) => r.channel === channel);
      const row = result.rows.find((r) => r.channel === channel);
      expect(row?.sessions).toBe(mine.reduce((sum, r) => sum + r.sessions, 0));
      expect(row?.spend).toBe(mine.reduce((sum, r) => sum + r.spendCents, 0));
      expect(Number(row?.ctr)).toBeCloseTo(mine.reduce((sum, r) => sum + r.ctr, 0) / mine.length, 10);
      expect(row?.rows).toBe(mine.length);
    }
    expect(result.freshness[0]).toMatchObject({
      source: `dataset:${datasetId}`,
      demo: false,
      property_name: 'Channel report',
      complete_through: '2026-10-30',
    });
    const sources = (await callEndpoint(t.app, listAnalyticsSources, { as: alice })).ok();
    expect(sources.items.find((s) => s.source === `dataset:${datasetId}`)?.metrics.map((m) => m.key)).toEqual(
      ['rows', 'sessions', 'spend', 'ctr'],
    );
  });

  it('the assistant answers about the dataset picked in the composer, from its own columns', async () => {
    const { chat } = (await callEndpoint(t.app, createChat, { as: alice, body: {} })).ok();
    const res = await callEndpoint(t.app, sendChatMessage, {
      as: alice,
      params: { id: chat.id },
      body: {
        id: `dataset-question-${Date.now()}`,
        text: 'sessions and spend by channel from 2026-10-08 to 2026-10-21',
        source: `dataset:${datasetId}`,
      },
    });
    expect(res.status).toBe(200);
    const grid = res.text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as {
            type: string;
            data?: { type: string; rowData?: Record<string, unknown>[] };
          },
      )
      .find((frame) => frame.type === 'data-part' && frame.data?.type === 'ag_table')?.data;
    const inRange = ROWS.filter((r) => r.day >= '2026-10-08' && r.day <= '2026-10-21');
    for (const channel of ['organic', 'paid']) {
      const mine = inRange.filter((r) => r.channel === channel);
      const row = grid?.rowData?.find((r) => r.channel === channel);
      expect(row?.sessions).toBe(mine.reduce((sum, r) => sum + r.sessions, 0));
      // Shown in currency units, as the grid shows money.
      expect(row?.spend).toBeCloseTo(mine.reduce((sum, r) => sum + r.spendCents, 0) / 100, 2);
    }
  });

  it('an AI table made from the dataset holds its rows as the file had them: dates, text, numbers, money in units, shares', async () => {
    const { table } = (
      await callEndpoint(t.app, createAiTable, {
        as: alice,
        body: { name: 'Channels', source: { kind: 'dataset', dataset_id: datasetId } },
      })
    ).ok();
    expect(table).toMatchObject({ row_count: ROWS.length, truncated: false, source_label: 'Channel report' });
    const got = (await callEndpoint(t.app, getAiTable, { as: alice, params: { id: table.id } })).ok();
    expect(got.columns.map((c) => [c.key, c.type])).toEqual([
      ['day', 'text'],
      ['channel', 'text'],
      ['sessions', 'number'],
      ['spend', 'number'],
      ['ctr', 'number'],
    ]);
    const read = got.rows.map((row) => row.data);
    const expected = ROWS.map((r) => ({
      day: r.day,
      channel: r.channel,
      sessions: r.sessions,
      spend: r.spendCents / 100,
      ctr: r.ctr,
    }));
    const key = (row: Record<string, unknown>) => `${row.day} ${row.channel}`;
    expect(read.map(key).sort()).toEqual(expected.map(key).sort());
    for (const row of expected) {
      const found = read.find((each) => key(each) === key(row));
      expect(found).toMatchObject({
        day: row.day,
        channel: row.channel,
        sessions: row.sessions,
        spend: row.spend,
      });
      expect(found?.ctr).toBeCloseTo(row.ctr, 6);
    }
  });

  it('append adds the rows again; replace starts over; append with other columns is refused', async () => {
    const preview = (
      await callEndpoint(t.app, previewDataset, { body: { file_id: fileId }, as: alice })
    ).ok();
    (
      await callEndpoint(t.app, importDataset, {
        body: {
          file_id: fileId,
          name: 'Channel report',
          columns: preview.columns,
          mode: 'append',
          dataset_id: datasetId,
        },
        as: alice,
      })
    ).ok();
    expect((await settled(datasetId, alice)).row_count).toBe(2 * ROWS.length);
    const otherColumns = await callEndpoint(t.app, importDataset, {
      body: {
        file_id: fileId,
        name: 'Channel report',
        columns: preview.columns.slice(0, 3),
        mode: 'append',
        dataset_id: datasetId,
      },
      as: alice,
    });
    expect(otherColumns.error().fields?.columns).toMatch(/same columns/);
    (
      await callEndpoint(t.app, importDataset, {
        body: {
          file_id: fileId,
          name: 'Channel report',
          columns: preview.columns,
          mode: 'replace',
          dataset_id: datasetId,
        },
        as: alice,
      })
    ).ok();
    expect((await settled(datasetId, alice)).row_count).toBe(ROWS.length);
  });

  it('an XLSX imports from its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(['Date', 'Campaign', 'Clicks']);
    for (const [i, day] of DAYS.slice(0, 10).entries())
      sheet.addRow([new Date(`${day}T00:00:00Z`), `c${i % 3}`, i * 10]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const id = await upload(alice, { name: 'campaigns.xlsx', content: bytes });
    const preview = (await callEndpoint(t.app, previewDataset, { body: { file_id: id }, as: alice })).ok();
    expect(preview.columns.map((c) => [c.key, c.type])).toEqual([
      ['date_2', 'date'],
      ['campaign', 'text'],
      ['clicks', 'number'],
    ]);
    const { dataset } = (
      await callEndpoint(t.app, importDataset, {
        body: { file_id: id, name: 'Campaigns', columns: preview.columns },
        as: alice,
      })
    ).ok();
    const ready = await settled(dataset.id, alice);
    expect(ready).toMatchObject({ status: 'ready', row_count: 10 });
    const total = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        body: {
          source: `dataset:${dataset.id}`,
          metrics: ['clicks'],
          dimensions: [],
          date_range: { start: '2026-10-01', end: '2026-10-31' },
        },
        as: alice,
      })
    ).ok();
    expect(total.rows[0]?.clicks).toBe(
      Array.from({ length: 10 }, (_, i) => i * 10).reduce((a, b) => a + b, 0),
    );
  });

  it('a dataset needs a date column; another team reaches neither the file nor the dataset', async () => {
    const preview = (
      await callEndpoint(t.app, previewDataset, { body: { file_id: fileId }, as: alice })
    ).ok();
    const noDate = await callEndpoint(t.app, importDataset, {
      body: {
        file_id: fileId,
        name: 'x',
        columns: preview.columns.map((c) => ({ ...c, type: c.type === 'date' ? 'text' : c.type })),
      },
      as: alice,
    });
    expect(noDate.error().fields).toEqual({ columns: 'Choose the column that holds the date' });

    const foreignFile = await callEndpoint(t.app, previewDataset, { body: { file_id: fileId }, as: bob });
    expect(foreignFile.error().fields).toEqual({ file_id: 'File not found' });
    const foreignQuery = await callEndpoint(t.app, runAnalyticsQuery, {
      body: { source: `dataset:${datasetId}`, metrics: ['rows'], dimensions: [], date_range: 'last_30_days' },
      as: bob,
    });
    expect(foreignQuery.status).toBe(404);
    expect((await callEndpoint(t.app, getDataset, { params: { id: datasetId }, as: bob })).status).toBe(404);
  });

  it('delete removes the dataset and its table', async () => {
    (await callEndpoint(t.app, deleteDataset, { params: { id: datasetId }, as: alice })).ok();
    const gone = await callEndpoint(t.app, runAnalyticsQuery, {
      body: { source: `dataset:${datasetId}`, metrics: ['rows'], dimensions: [], date_range: 'last_30_days' },
      as: alice,
    });
    expect(gone.status).toBe(404);
  });
});
