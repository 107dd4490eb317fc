import type { ReplyPart } from '@app/contract/chat/parts';
import type { StoreTarget } from '../../../platform/analytics-store';
import { AppError } from '../../../platform/app-error';
import type { SignedInContext } from '../../../platform/endpoint';
import type { Platform } from '../../../platform/platform';
import { demoReady } from '../../analytics/analytics.service';
import { markdownCell } from '../result-parts';

/** Rows a model's SQL may bring back, and how many it reads back itself. */
const ROW_CAP = 200;
const ROWS_FOR_MODEL = 30;

const cell = (value: unknown) => markdownCell(String(value ?? ''));

/**
 * SQL a model wrote, run in the sandbox (`AnalyticsStore.readUntrusted`: the team's own store
 * file or, before the team has data, the shared demo; no files, no network, no other database,
 * the configuration locked, one SELECT or WITH, a row cap and a time limit). The reply shows the
 * rows as a markdown table and the SQL exactly as it ran.
 */
export async function runModelSql(platform: Platform, ctx: SignedInContext, sql: string) {
  const team: StoreTarget = { kind: 'team', teamId: ctx.team.id };
  let read = await platform.analytics.readUntrusted(team, sql, { rowCap: ROW_CAP });
  let demo = false;
  if (read === null) {
    await demoReady(platform);
    read = await platform.analytics.readUntrusted({ kind: 'demo' }, sql, { rowCap: ROW_CAP });
    demo = true;
  }
  if (read === null) throw new AppError('NOT_FOUND', { msg: 'There is no data to query yet' });
  const lines = [
    `| ${read.columns.map(cell).join(' | ')} |`,
    `| ${read.columns.map(() => '---').join(' | ')} |`,
    ...read.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  const parts: ReplyPart[] = [
    { type: 'table', table: lines.join('\n'), result_id: null },
    { type: 'sql', statements: [sql], result_id: null },
  ];
  return {
    parts,
    summary: {
      columns: read.columns,
      rows: read.rows.slice(0, ROWS_FOR_MODEL),
      row_count: read.rows.length,
      truncated: read.truncated || read.rows.length > ROWS_FOR_MODEL,
      demo,
    },
  };
}
