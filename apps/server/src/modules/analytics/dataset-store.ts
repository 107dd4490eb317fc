import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Every statement a dataset runs in its team's analytics store: the datasets' repository for
 * DuckDB, as `datasets.repo.ts` is for PostgreSQL. Table names and select lists are built by the
 * service from ids and column keys it checked; values are bound.
 */

export interface DatasetTableWrite {
  table: string;
  /** The cast of each staged CSV column (`castExpression`), as a select list. */
  select: string;
  /** The `read_csv(...)` of the staged file. */
  read: string;
  mode: 'create' | 'replace' | 'append';
  /** `dataset:<id>`, the query model's source key. */
  source: string;
  datasetId: string;
  name: string;
}

/** Writes the rows, labels the dataset as a source and records its freshness; answers the row count. */
export async function writeDatasetTable(
  connection: DuckDBConnection,
  write: DatasetTableWrite,
): Promise<number> {
  const { table, select, read } = write;
  if (write.mode === 'append') await connection.run(`insert into ${table} select ${select} from ${read}`);
  else await connection.run(`create or replace table ${table} as select ${select} from ${read}`);
  const label = await connection.prepare(
    `insert or replace into _properties values ($1, $2, $3, 'USD', 'UTC')`,
  );
  label.bind([write.source, write.datasetId, write.name]);
  await label.run();
  const fresh = await connection.prepare(
    `insert or replace into _freshness select $1, $2, now()::timestamp, max(date) from ${table}`,
  );
  fresh.bind([write.source, write.datasetId]);
  await fresh.run();
  const counted = await connection.runAndReadAll(`select count(*)::bigint from ${table}`);
  return Number(counted.getRows()[0]?.[0] ?? 0);
}

/** Drops the dataset's table and everything the store kept about it as a source. */
export async function dropDatasetTable(
  connection: DuckDBConnection,
  { table, source }: { table: string; source: string },
): Promise<void> {
  await connection.run(`drop table if exists ${table}`);
  for (const name of ['_properties', '_freshness', '_range_totals']) {
    const prepared = await connection.prepare(`delete from ${name} where source = $1`);
    prepared.bind([source]);
    await prepared.run();
  }
}
