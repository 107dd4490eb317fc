import { runAnalyticsQuery, zAnalyticsQuery } from '@app/contract/analytics/query';
import { zReplyPart } from '@app/contract/chat/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { agTablePart, markdownTablePart } from './result-parts';

/** A kept result as the grid's table and as a markdown table, over real answers of the query model. */
describe('a result as reply tables', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const queryOf = (compare?: 'preceding') =>
    zAnalyticsQuery.parse({
      source: 'ga',
      metrics: ['sessions', 'revenue', 'conversion_rate'],
      dimensions: ['channel'],
      date_range: 'last_7_days',
      ...(compare ? { compare } : {}),
    });
  const ask = async (compare?: 'preceding') =>
    (await callEndpoint(t.app, runAnalyticsQuery, { as: user, body: queryOf(compare) })).ok();

  it('ag_table: one column per field with its unit, figures in that unit, sourced by the kept result', async () => {
    const result = await ask();
    const part = zReplyPart.parse(agTablePart(result, queryOf()));
    if (part.type !== 'ag_table') throw new Error('not an ag_table');
    expect(part.columnDefs).toEqual([
      { headerName: 'Channel', field: 'channel', cellDataType: 'text' },
      { headerName: 'Sessions', field: 'sessions', cellDataType: 'number' },
      { headerName: 'Revenue (USD)', field: 'revenue', cellDataType: 'number' },
      { headerName: 'Conversion rate (%)', field: 'conversion_rate', cellDataType: 'number' },
    ]);
    expect(part.rowData.length).toBe(result.rows.length);
    expect(part.rowData.length).toBeGreaterThan(3);
    result.rows.forEach((row, i) => {
      expect(part.rowData[i]).toEqual({
        channel: row.channel,
        sessions: row.sessions,
        revenue: Math.round(Number(row.revenue)) / 100,
        conversion_rate: Math.round(Number(row.conversion_rate) * 1e8) / 1e6,
      });
    });
    expect(part).toMatchObject({
      result_id: result.result_id,
      ranges: result.ranges,
      freshness: result.freshness,
    });
  });

  it('with a comparison each metric groups its value, previous value, change and change %, each naming its range', async () => {
    const result = await ask('preceding');
    const part = agTablePart(result, queryOf('preceding'));
    if (part.type !== 'ag_table') throw new Error('not an ag_table');
    const [current, previous] = result.ranges;
    const sessions = part.columnDefs.find((def) => def.headerName === 'Sessions');
    expect(sessions?.children).toEqual([
      { headerName: current?.label, field: 'sessions', cellDataType: 'number', range: current?.label },
      {
        headerName: previous?.label,
        field: 'sessions_previous',
        cellDataType: 'number',
        range: previous?.label,
      },
      { headerName: 'Change', field: 'sessions_change', cellDataType: 'number' },
      { headerName: 'Change %', field: 'sessions_change_pct', cellDataType: 'number' },
    ]);
    const row = result.rows[0] ?? {};
    expect(part.rowData[0]?.sessions_change_pct).toBe(
      Math.round(Number(row.sessions_change_pct) * 1e8) / 1e6,
    );
    expect(part.columnDefs.find((def) => def.headerName === 'Revenue (USD)')?.children?.[2]).toEqual({
      headerName: 'Change',
      field: 'revenue_change',
      cellDataType: 'number',
    });
    expect(part.rowData[0]?.revenue_change).toBe(Math.round(Number(row.revenue_change)) / 100);
  });

  it('markdown: a heading row with units, numbers right-aligned and grouped, cells that cannot break the table', async () => {
    const result = await ask();
    const part = markdownTablePart(result);
    if (part.type !== 'table') throw new Error('not a table');
    const lines = part.table.split('\n');
    expect(lines[0]).toBe('| Channel | Sessions | Revenue (USD) | Conversion rate (%) |');
    expect(lines[1]).toBe('| --- | ---: | ---: | ---: |');
    expect(lines).toHaveLength(result.rows.length + 2);
    const first = result.rows[0] ?? {};
    expect(lines[2]).toBe(
      `| ${first.channel} | ${Number(first.sessions).toLocaleString('en-US')} | ${(Math.round(Number(first.revenue)) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} | ${(Math.round(Number(first.conversion_rate) * 1e8) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })} |`,
    );
    const hostile = markdownTablePart({
      ...result,
      columns: [result.columns[0] as (typeof result.columns)[number]],
      rows: [{ channel: 'a | b\nc' }],
    });
    expect(hostile.type === 'table' && hostile.table.split('\n')[2]).toBe('| a \\| b c |');
  });
});
