import {
  addAiColumn,
  controlAiColumnRun,
  createAiTable,
  editAiCell,
  exportAiTable,
  getAiTable,
  listAiTables,
  runAiColumn,
} from '@app/contract/ai-tables/tables';
import { type AdPreview, adProblems } from '@app/contract/analysis/ad-copy';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { adjustCredits, getMyCredits } from '@app/contract/billing/credits';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReservations, planFunctions, plans, teamMembers, usageLogs, users } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { resumeStaleRuns, runColumn } from './column-runs';

/**
 * AI tables (issue 25) with the offline writer: an ad-copy column over 500 Ads keywords fills
 * every cell within Google Ads' limits, survives its worker being lost mid-run (resumed by the
 * sweep) and charges exactly one cell price per cell written; cancelling releases what was held.
 */

describe('AI tables', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let teamId: string;
  let resultId: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app, { name: 'Writer' });
    // AI tables are a paid area: this team's (free) plan gets it, and credits enough for the test.
    const [free] = await t.platform.db.select().from(plans).where(eq(plans.isDefault, true));
    // The list says beforehand that the free plan does not run AI columns, and what a cell costs.
    expect((await callEndpoint(t.app, listAiTables, { as: user })).ok()).toMatchObject({
      items: [],
      allowed: false,
      cell_price: 1,
    });
    await t.platform.db.insert(planFunctions).values({ planId: free?.id as string, functionKey: 'ai_table' });
    expect((await callEndpoint(t.app, listAiTables, { as: user })).ok().allowed).toBe(true);
    const [member] = await t.platform.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, user.userId));
    teamId = member?.teamId as string;
    await callEndpoint(t.app, getMyCredits, { as: user });
    const admin = await signInAdmin(t.app);
    (
      await callEndpoint(t.app, adjustCredits, {
        as: admin,
        params: { team_id: teamId },
        body: { amount: 5000, reason: 'AI table test' },
      })
    ).ok();
    const result = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: {
        source: 'gads',
        metrics: ['clicks', 'cost'],
        // 500 rows: each keyword's days (the demo has a dozen keywords).
        dimensions: ['keyword', 'date'],
        date_range: 'last_90_days',
        order: [{ field: 'clicks', direction: 'desc' }],
        limit: 500,
      },
    });
    resultId = result.ok().result_id;
  });
  afterAll(() => t.close());

  const table = (id: string) => callEndpoint(t.app, getAiTable, { as: user, params: { id } });
  const balance = async () => (await callEndpoint(t.app, getMyCredits, { as: user })).ok();

  async function adTable(name: string) {
    const made = (
      await callEndpoint(t.app, createAiTable, {
        as: user,
        body: { name, source: { kind: 'result', result_id: resultId } },
      })
    ).ok().table;
    const column = (
      await callEndpoint(t.app, addAiColumn, {
        as: user,
        params: { id: made.id },
        body: { name: 'Ad', prompt: 'Write a search ad for {{keyword}}', output: 'ad_copy' },
      })
    ).ok().column;
    return { made, column };
  }

  it('copies the rows of a kept result and says where they came from', async () => {
    const { made } = await adTable('Keywords');
    expect(made.row_count).toBe(500);
    expect(made.source_label).toMatch(/Demo/);
    const got = (await table(made.id)).ok();
    expect(got.columns.map((c) => [c.key, c.kind])).toEqual([
      ['keyword', 'data'],
      ['date', 'data'],
      ['clicks', 'data'],
      ['cost', 'data'],
      ['ai_4', 'ai'],
    ]);
    expect(got.rows).toHaveLength(made.row_count);
  });

  it('an ad-copy column over every keyword: each cell is ad copy within the limits, one cell price each; a lost worker resumes without charging a cell twice', async () => {
    const { made, column } = await adTable('Ads');
    const before = await balance();
    const run = (
      await callEndpoint(t.app, runAiColumn, {
        as: user,
        params: { id: made.id, column_id: column.id },
        body: { cells: 'empty' },
      })
    ).ok().run;
    expect(run).toMatchObject({ status: 'running', total: made.row_count, done: 0 });

    // The worker is lost after some cells: cells it was writing stay running, their holds held.
    await runColumn(t.platform, run.id, { concurrency: 8, stopAfter: 120 });
    const midway = (await table(made.id)).ok();
    const doneMidway = midway.rows.filter((r) => r.cells[column.id]?.status === 'done').length;
    expect(doneMidway).toBeGreaterThanOrEqual(120);
    expect(doneMidway).toBeLessThan(made.row_count);

    // The sweep finds it silent and puts it back; the worker goes on.
    expect(await resumeStaleRuns(t.platform, new Date(Date.now() + 120_000))).toBe(1);
    await runColumn(t.platform, run.id, { concurrency: 8 });

    const after = (await table(made.id)).ok();
    const finished = after.runs.find((r) => r.id === run.id);
    expect(finished).toMatchObject({
      status: 'done',
      done: made.row_count,
      failed: 0,
      credits: made.row_count,
    });
    for (const row of after.rows) {
      const cell = row.cells[column.id];
      expect(cell?.status, String(row.data.keyword)).toBe('done');
      expect(cell?.prompt_version).toBe(1);
      const ad = cell?.value as AdPreview;
      expect(ad.headlines).toHaveLength(3);
      expect(ad.descriptions).toHaveLength(2);
      expect(adProblems(ad)).toEqual([]);
    }
    const spent = await balance();
    expect(before.balance - spent.balance).toBe(made.row_count);
    expect(spent.held).toBe(0);
    const logs = await t.platform.db
      .select()
      .from(usageLogs)
      .where(
        and(
          eq(usageLogs.teamId, teamId),
          eq(usageLogs.functionKey, 'ai_table'),
          eq(usageLogs.status, 'settled'),
        ),
      );
    expect(logs.filter((log) => log.credits > 0)).toHaveLength(made.row_count);
  });

  it("the offline writer writes ad copy in the language the run's starter chose", async () => {
    await t.platform.db.update(users).set({ locale: 'zh_CN' }).where(eq(users.id, user.userId));
    try {
      const { made, column } = await adTable('Chinese ads');
      const run = (
        await callEndpoint(t.app, runAiColumn, {
          as: user,
          params: { id: made.id, column_id: column.id },
          body: { cells: { row_ids: [(await table(made.id)).ok().rows[0]?.id as string] } },
        })
      ).ok().run;
      await runColumn(t.platform, run.id);
      const [first] = (await table(made.id)).ok().rows;
      const ad = first?.cells[column.id]?.value as AdPreview;
      expect(ad.headlines[1]).toMatch(/官方网站$/);
      expect(adProblems(ad)).toEqual([]);
    } finally {
      await t.platform.db.update(users).set({ locale: null }).where(eq(users.id, user.userId));
    }
  });

  it('cancel stops the run, releases what was held, and leaves unwritten cells empty', async () => {
    const { made, column } = await adTable('Cancelled');
    const run = (
      await callEndpoint(t.app, runAiColumn, {
        as: user,
        params: { id: made.id, column_id: column.id },
        body: { cells: 'all' },
      })
    ).ok().run;
    await runColumn(t.platform, run.id, { concurrency: 4, stopAfter: 8 });
    const cancelled = await callEndpoint(t.app, controlAiColumnRun, {
      as: user,
      params: { id: made.id, run_id: run.id, action: 'cancel' },
    });
    expect(cancelled.ok().run.status).toBe('cancelled');
    // The lost worker's holds expire; the release job gives them back (as it does every minute).
    await t.platform.db
      .update(creditReservations)
      .set({ leaseExpiresAt: new Date(0) })
      .where(and(eq(creditReservations.teamId, teamId), eq(creditReservations.status, 'held')));
    const { releaseExpiredReservations } = await import('../credits/credits.service');
    await releaseExpiredReservations(t.platform);
    const got = (await table(made.id)).ok();
    const statuses = new Set(got.rows.map((r) => r.cells[column.id]?.status));
    expect(statuses.has('queued')).toBe(false);
    expect(got.rows.filter((r) => r.cells[column.id]?.status === 'done').length).toBeGreaterThanOrEqual(8);
    expect((await balance()).held).toBe(0);
    // A cancelled run does not go on.
    await runColumn(t.platform, run.id);
    expect((await table(made.id)).ok().runs[0]?.done).toBe(got.runs[0]?.done);
  });

  it('a label column picks the label the row names; a number column works out the row arithmetic; a hand edit is held to the type', async () => {
    const { made } = await adTable('Labels');
    const label = (
      await callEndpoint(t.app, addAiColumn, {
        as: user,
        params: { id: made.id },
        body: { name: 'Intent', prompt: '{{keyword}}', output: 'label', labels: ['buy', 'cheap', 'Other'] },
      })
    ).ok().column;
    const cpc = (
      await callEndpoint(t.app, addAiColumn, {
        as: user,
        params: { id: made.id },
        body: { name: 'CPC', prompt: '{{cost}} / {{clicks}}', output: 'number' },
      })
    ).ok().column;
    for (const column of [label, cpc]) {
      const run = (
        await callEndpoint(t.app, runAiColumn, {
          as: user,
          params: { id: made.id, column_id: column.id },
          body: { cells: 'empty' },
        })
      ).ok().run;
      await runColumn(t.platform, run.id, { concurrency: 8 });
    }
    const got = (await table(made.id)).ok();
    for (const row of got.rows) {
      const keyword = String(row.data.keyword).toLowerCase();
      const expected = keyword.includes('buy') ? 'buy' : keyword.includes('cheap') ? 'cheap' : 'Other';
      expect(row.cells[label.id]?.value, keyword).toBe(expected);
      const clicks = Number(row.data.clicks);
      if (clicks > 0) {
        expect(row.cells[cpc.id]?.value as number).toBeCloseTo(Number(row.data.cost) / clicks, 5);
      }
    }
    const first = got.rows[0]?.id as string;
    const wrong = await callEndpoint(t.app, editAiCell, {
      as: user,
      params: { id: made.id, row_id: first, column_id: label.id },
      body: { value: 'nonsense' },
    });
    expect(wrong.status).toBe(400);
    const right = await callEndpoint(t.app, editAiCell, {
      as: user,
      params: { id: made.id, row_id: first, column_id: label.id },
      body: { value: 'cheap' },
    });
    expect(right.ok().cell).toMatchObject({ status: 'done', value: 'cheap', prompt_version: null });
  });

  it('exports XLSX through the generated-file store, with the ad copy readable', async () => {
    const { made, column } = await adTable('Export');
    const run = (
      await callEndpoint(t.app, runAiColumn, {
        as: user,
        params: { id: made.id, column_id: column.id },
        body: { cells: 'empty' },
      })
    ).ok().run;
    await runColumn(t.platform, run.id, { concurrency: 8 });
    const exported = (
      await callEndpoint(t.app, exportAiTable, {
        as: user,
        params: { id: made.id },
        body: { format: 'xlsx' },
      })
    ).ok();
    expect(exported.file.name).toMatch(/Export/);
    const download = await t.app.inject({ method: 'GET', url: exported.file_path });
    expect(download.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Keyword', 'Ad']));
    // Every row, then the note that the source had more rows than the table took.
    expect(sheet?.rowCount).toBe(made.row_count + 2);
    expect(made.truncated).toBe(true);
    expect(String(sheet?.getRow(2).getCell(5).value)).toMatch(/Official Site/);
  });

  it("another team's table is not found", async () => {
    const { made } = await adTable('Mine');
    const other = await signUpUser(t.app);
    expect((await callEndpoint(t.app, getAiTable, { as: other, params: { id: made.id } })).status).toBe(404);
  });
});
