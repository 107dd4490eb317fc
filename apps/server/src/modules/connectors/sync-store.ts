import type { GoogleService } from '@app/contract/connectors/google-services';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { AnalyticsStore } from '../../platform/analytics-store';
import { STORE_TABLES } from '../analytics/store-schema';
import type { SourceRow, Window } from './google-apis';

/**
 * How a sync writes into the team's analytics store (one writer per team: every write goes
 * through `AnalyticsStore.write`). A window of days is read page by page into a staging table,
 * tagged with the binding and the page's offset; the cursor (window and next offset) is written
 * with each page. When the last page of a window is in, one transaction replaces the window's rows
 * of the property, site or customer with the staged ones and moves the cursor to the next window.
 * So a sync stopped anywhere (a quota error, a crash) resumes at its cursor, and a window is never
 * held twice nor half: no gaps, no duplicates.
 */

type Kind = 'text' | 'date' | 'int' | 'double';

interface SourceTable {
  table: string;
  stage: string;
  /** The column naming the property, site or customer (what rows are tagged with). */
  propertyColumn: string;
  columns: { name: string; kind: Kind }[];
}

export const SYNC_SOURCES: Record<GoogleService, SourceTable> = {
  ga: {
    table: 'ga_daily',
    stage: '_sync_stage_ga',
    propertyColumn: 'property',
    columns: [
      { name: 'date', kind: 'date' },
      { name: 'property', kind: 'text' },
      { name: 'channel', kind: 'text' },
      { name: 'country', kind: 'text' },
      { name: 'device', kind: 'text' },
      { name: 'landing_page', kind: 'text' },
      { name: 'sessions', kind: 'int' },
      { name: 'users', kind: 'int' },
      { name: 'new_users', kind: 'int' },
      { name: 'engaged_sessions', kind: 'int' },
      { name: 'conversions', kind: 'int' },
      { name: 'revenue', kind: 'double' },
      { name: 'source', kind: 'text' },
      { name: 'medium', kind: 'text' },
      { name: 'campaign', kind: 'text' },
      { name: 'session_duration', kind: 'double' },
    ],
  },
  gsc: {
    table: 'gsc_daily',
    stage: '_sync_stage_gsc',
    propertyColumn: 'site',
    columns: [
      { name: 'date', kind: 'date' },
      { name: 'site', kind: 'text' },
      { name: 'query', kind: 'text' },
      { name: 'page', kind: 'text' },
      { name: 'country', kind: 'text' },
      { name: 'device', kind: 'text' },
      { name: 'clicks', kind: 'int' },
      { name: 'impressions', kind: 'int' },
      { name: 'ctr', kind: 'double' },
      { name: 'position', kind: 'double' },
    ],
  },
  gads: {
    table: 'gads_daily',
    stage: '_sync_stage_gads',
    propertyColumn: 'customer_id',
    columns: [
      { name: 'date', kind: 'date' },
      { name: 'customer_id', kind: 'text' },
      { name: 'campaign', kind: 'text' },
      { name: 'ad_group', kind: 'text' },
      { name: 'keyword', kind: 'text' },
      { name: 'impressions', kind: 'int' },
      { name: 'clicks', kind: 'int' },
      { name: 'cost_micros', kind: 'int' },
      { name: 'conversions', kind: 'double' },
      { name: 'conversion_value', kind: 'double' },
      { name: 'device', kind: 'text' },
      { name: 'network', kind: 'text' },
    ],
  },
};

const STAGE_TYPE: Record<Kind, string> = {
  text: 'varchar',
  date: 'varchar',
  int: 'bigint',
  double: 'double',
};

const SYNC_TABLES = `
create table if not exists _sync_cursor (
  binding varchar primary key, source varchar not null, property varchar not null,
  plan_start date not null, plan_end date not null,
  window_start date not null, window_end date not null, next_offset bigint not null,
  updated_at timestamp not null
);
${Object.values(SYNC_SOURCES)
  .map(
    (s) =>
      `create table if not exists ${s.stage} (binding varchar not null, page_offset bigint not null, ${s.columns
        .map((c) => `${c.name} ${STAGE_TYPE[c.kind]}`)
        .join(', ')});
${s.columns.map((c) => `alter table ${s.stage} add column if not exists ${c.name} ${STAGE_TYPE[c.kind]};`).join('\n')}`,
  )
  .join('\n')}
`;

const SCHEMA = { schema: `${STORE_TABLES}\n${SYNC_TABLES}` };

export interface SyncCursor {
  property: string;
  planStart: string;
  planEnd: string;
  window: Window;
  nextOffset: number;
}

/** The binding's cursor, or null when none is kept (a new run, or the last one finished). */
export function readCursor(
  store: AnalyticsStore,
  teamId: string,
  bindingId: string,
): Promise<SyncCursor | null> {
  return store.write(
    teamId,
    async (connection) => {
      const reader = await connection.runAndReadAll(
        `select property, plan_start::varchar, plan_end::varchar, window_start::varchar, window_end::varchar, next_offset
           from _sync_cursor where binding = $binding`,
        { binding: bindingId },
      );
      const row = reader.getRows()[0];
      if (!row) return null;
      return {
        property: String(row[0]),
        planStart: String(row[1]),
        planEnd: String(row[2]),
        window: { start: String(row[3]), end: String(row[4]) },
        nextOffset: Number(row[5]),
      };
    },
    SCHEMA,
  );
}

async function saveCursor(
  connection: DuckDBConnection,
  bindingId: string,
  service: GoogleService,
  cursor: SyncCursor,
): Promise<void> {
  await connection.run(
    `insert or replace into _sync_cursor values ($binding, $source, $property, $plan_start::date, $plan_end::date,
       $window_start::date, $window_end::date, $next_offset, now()::timestamp)`,
    {
      binding: bindingId,
      source: service,
      property: cursor.property,
      plan_start: cursor.planStart,
      plan_end: cursor.planEnd,
      window_start: cursor.window.start,
      window_end: cursor.window.end,
      next_offset: cursor.nextOffset,
    },
  );
}

/** Forgets a run's cursor and staged rows (a new plan, another choice). */
export function resetCursor(store: AnalyticsStore, teamId: string, bindingId: string): Promise<void> {
  return store.write(
    teamId,
    async (connection) => {
      await connection.run('delete from _sync_cursor where binding = $binding', { binding: bindingId });
      for (const source of Object.values(SYNC_SOURCES)) {
        await connection.run(`delete from ${source.stage} where binding = $binding`, { binding: bindingId });
      }
    },
    SCHEMA,
  );
}

export interface PageWrite {
  bindingId: string;
  service: GoogleService;
  property: string;
  propertyName: string;
  currency: string;
  timeZone: string;
  planStart: string;
  planEnd: string;
  window: Window;
  offset: number;
  rows: SourceRow[];
  /** The offset of the next page; null when this page ends the window. */
  next: number | null;
  /** The window after this one (older days); null when this window ends the plan. */
  following: Window | null;
}

export interface WindowCommitted {
  /** First and last day the store holds for the property, after this window. */
  heldStart: string | null;
  heldEnd: string | null;
  completeThrough: string | null;
}

/**
 * Stages pages in order, each moving the cursor past it; the last page of a window replaces the
 * window's rows in one transaction. One write for several pages (the runner buffers them), so a
 * backfill of mostly empty windows does not open the store once per window. Answers the store's
 * range for the property after the last window committed, or null when none was.
 */
export function writePages(
  store: AnalyticsStore,
  teamId: string,
  pages: PageWrite[],
): Promise<WindowCommitted | null> {
  return store.write(
    teamId,
    async (connection) => {
      let committed: WindowCommitted | null = null;
      for (const page of pages) {
        const source = SYNC_SOURCES[page.service];
        // Rows staged at or after this offset came from a run stopped before its cursor moved.
        await connection.run(
          `delete from ${source.stage} where binding = $binding and page_offset >= $offset`,
          {
            binding: page.bindingId,
            offset: page.offset,
          },
        );
        await appendRows(connection, source, page);
        if (page.next !== null) {
          await saveCursor(connection, page.bindingId, page.service, {
            property: page.property,
            planStart: page.planStart,
            planEnd: page.planEnd,
            window: page.window,
            nextOffset: page.next,
          });
        } else {
          committed = await commitWindow(connection, source, page);
        }
      }
      return committed;
    },
    SCHEMA,
  );
}

async function appendRows(connection: DuckDBConnection, source: SourceTable, page: PageWrite): Promise<void> {
  if (page.rows.length === 0) return;
  const appender = await connection.createAppender(source.stage);
  for (const row of page.rows) {
    appender.appendVarchar(page.bindingId);
    appender.appendBigInt(BigInt(page.offset));
    source.columns.forEach((column, i) => {
      const value = row[i] ?? null;
      if (value === null || value === '') appender.appendNull();
      else if (column.kind === 'int') appender.appendBigInt(BigInt(Math.round(Number(value))));
      else if (column.kind === 'double') appender.appendDouble(Number(value));
      else appender.appendVarchar(String(value));
    });
    appender.endRow();
  }
  appender.closeSync();
}

async function commitWindow(
  connection: DuckDBConnection,
  source: SourceTable,
  page: PageWrite,
): Promise<WindowCommitted> {
  const names = source.columns.map((c) => c.name).join(', ');
  const casts = source.columns
    .map((c) => (c.kind === 'date' ? `${c.name}::date` : c.kind === 'text' ? c.name : `${c.name}`))
    .join(', ');
  const params = {
    binding: page.bindingId,
    property: page.property,
    start: page.window.start,
    end: page.window.end,
  };
  await connection.run('begin transaction');
  try {
    await connection.run(
      `delete from ${source.table} where ${source.propertyColumn} = $property and date between $start::date and $end::date`,
      { property: page.property, start: page.window.start, end: page.window.end },
    );
    await connection.run(
      `insert into ${source.table} (${names}) select ${casts} from ${source.stage}
        where binding = $binding and ${source.propertyColumn} = $property and date::date between $start::date and $end::date`,
      params,
    );
    await connection.run(`delete from ${source.stage} where binding = $binding`, { binding: page.bindingId });
    if (page.following) {
      await saveCursor(connection, page.bindingId, page.service, {
        property: page.property,
        planStart: page.planStart,
        planEnd: page.planEnd,
        window: page.following,
        nextOffset: 0,
      });
    } else {
      await connection.run('delete from _sync_cursor where binding = $binding', { binding: page.bindingId });
    }
    const held = await connection.runAndReadAll(
      `select min(date)::varchar, max(date)::varchar from ${source.table} where ${source.propertyColumn} = $property`,
      { property: page.property },
    );
    const [heldStart, heldEnd] = held.getRows()[0] ?? [null, null];
    const before = await connection.runAndReadAll(
      'select complete_through::varchar from _freshness where source = $source and property = $property',
      { source: page.service, property: page.property },
    );
    const previous = before.getRows()[0]?.[0];
    // Search Console publishes days late: complete through the last day it has sent. GA4 and Ads
    // answer every day read, so a window read whole is complete through its end.
    const reached = page.service === 'gsc' ? (heldEnd === null ? null : String(heldEnd)) : page.window.end;
    const completeThrough =
      typeof previous === 'string' && (reached === null || previous > reached) ? previous : reached;
    // DuckDB prepares one statement at a time.
    await connection.run(
      'insert or replace into _properties values ($source, $property, $name, $currency, $time_zone)',
      {
        source: page.service,
        property: page.property,
        name: page.propertyName,
        currency: page.currency,
        time_zone: page.timeZone,
      },
    );
    await connection.run(
      'insert or replace into _freshness values ($source, $property, now()::timestamp, $complete::date)',
      { source: page.service, property: page.property, complete: completeThrough },
    );
    await connection.run('commit');
    return {
      heldStart: heldStart === null || heldStart === undefined ? null : String(heldStart),
      heldEnd: heldEnd === null || heldEnd === undefined ? null : String(heldEnd),
      completeThrough,
    };
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Removes a property's, site's or customer's rows and labels from the store, and the binding's
 * cursor and staging: the binding was revoked or chose something else, and no other binding of
 * the team syncs it.
 */
export function deleteSynced(
  store: AnalyticsStore,
  teamId: string,
  service: GoogleService,
  property: string,
  bindingId: string,
): Promise<void> {
  const source = SYNC_SOURCES[service];
  return store.write(
    teamId,
    async (connection) => {
      await connection.run('begin transaction');
      const params = { source: service, property };
      await connection.run(`delete from ${source.table} where ${source.propertyColumn} = $property`, {
        property,
      });
      for (const table of ['_properties', '_freshness', '_range_totals']) {
        await connection.run(`delete from ${table} where source = $source and property = $property`, params);
      }
      await connection.run('delete from _sync_cursor where binding = $binding', { binding: bindingId });
      await connection.run(`delete from ${source.stage} where binding = $binding`, { binding: bindingId });
      await connection.run('commit');
    },
    SCHEMA,
  );
}

/** GA4's own totals of whole ranges (`range-totals.ts`), each replacing what the store held for it. */
export function writeRangeTotals(
  store: AnalyticsStore,
  teamId: string,
  property: string,
  totals: { start: string; end: string; metric: string; value: number }[],
): Promise<void> {
  return store.write(
    teamId,
    async (connection) => {
      for (const { start, end, metric, value } of totals) {
        await connection.run(
          `insert or replace into _range_totals values ('ga', $property, $start::date, $end::date, $metric, $value)`,
          { property, start, end, metric, value },
        );
      }
    },
    { schema: STORE_TABLES },
  );
}
