import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type Day } from '@app/contract/analytics/date-ranges';
import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { DEMO, generateDemo } from '../../modules/analytics/demo-data';

/**
 * The figures the stand-in Google serves: the demo's deterministic generator (modules/analytics/
 * demo-data.ts) written into a DuckDB file of its own, holding `days` days ending `end`. The GA4
 * property, Search Console site and Ads customer of the stand-in's world read from it; a test can
 * read the same rows here to check what a sync stored, independently of the product's code.
 */
export class StandInData {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly dir: string,
    readonly start: Day,
    readonly end: Day,
  ) {}

  static async create(options: { end: Day; days: number }): Promise<StandInData> {
    const dir = mkdtempSync(path.join(tmpdir(), 'google-stand-in-'));
    const instance = await DuckDBInstance.create(path.join(dir, 'google.duckdb'));
    const connection = await instance.connect();
    try {
      await generateDemo(connection, options.end, options.days);
    } finally {
      connection.closeSync();
    }
    return new StandInData(instance, dir, addDays(options.end, -(options.days - 1)), options.end);
  }

  /** One read; values are JS numbers and strings (dates as `YYYY-MM-DD`). */
  async rows(sql: string, parameters: (string | number)[] = []): Promise<Record<string, DuckDBValue>[]> {
    const connection = await this.instance.connect();
    try {
      const prepared = await connection.prepare(sql);
      prepared.bind(parameters);
      const result = await prepared.runAndReadAll();
      const columns = result.columnNames();
      return result
        .getRows()
        .map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i] ?? null])));
    } finally {
      connection.closeSync();
    }
  }

  close(): void {
    this.instance.closeSync();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The demo's own ids, which the stand-in's world maps its Google ids to. */
export const DEMO_ROWS = {
  gaProperty: DEMO.ga.property,
  gscSite: DEMO.gsc.property,
  gadsCustomer: DEMO.gads.property,
} as const;

export const num = (value: DuckDBValue): number =>
  typeof value === 'bigint' ? Number(value) : typeof value === 'number' ? value : Number(value ?? 0);

export const text = (value: DuckDBValue): string => (value === null ? '' : String(value));
