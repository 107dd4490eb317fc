import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBInstance,
  DuckDBTimestampValue,
  type DuckDBValue,
  StatementType,
} from '@duckdb/node-api';
import { AppError, validationError } from './app-error';

/**
 * The analytics store (ARCHITECTURE sections 2 and 8): one DuckDB database file per team under
 * `DATA_DIR/analytics`, and the shared demo database beside them (the analytics module says what
 * they hold). Readers open a file read-only
 * (a connection that cannot write), with a time limit and a row limit per query; a team's writer
 * (a sync or an import job) runs one at a time and, when it is done, the team's reader reopens on
 * what it wrote. Readers never wait for a writer: they keep reading the last complete state.
 *
 * A reader reaches its own file and nothing else: DuckDB's external access is off (no ATTACH of
 * another file, no read_csv, COPY, INSTALL or LOAD) and its configuration is locked (no SET), so
 * even SQL written by a model (`readUntrusted`) can read only the team's own store.
 */

export type StoreTarget = { kind: 'demo' } | { kind: 'team'; teamId: string };

export interface StoreLimits {
  /** A query running longer is interrupted. */
  timeoutMs: number;
  /** DuckDB's memory per open database. */
  memoryLimit: string;
  /** Open read-only databases kept (least recently used closed first). */
  maxReaders: number;
}

const DEFAULT_LIMITS: StoreLimits = { timeoutMs: 10_000, memoryLimit: '512MB', maxReaders: 16 };

export type Cell = string | number | null;

export interface ReadResult {
  columns: string[];
  rows: Cell[][];
}

/** What SQL written by a model may take: rows kept, and seconds before it is stopped. */
export interface UntrustedLimits {
  rowCap: number;
  timeoutMs: number;
}

/** The first word of a statement, past comments, white space and opening parentheses. */
function firstWord(sql: string): string {
  const rest = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  return (/^[A-Za-z_]+/.exec(rest)?.[0] ?? '').toLowerCase();
}

const sqlRefusal = (msg: string) => validationError({ sql: msg });

/** A team id becomes a file name: only what ids are made of. */
const TEAM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** DuckDB's values as the wire carries them: dates `YYYY-MM-DD`, numbers (cents are whole), text. */
function toCell(value: DuckDBValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof DuckDBDateValue) return value.toString();
  if (value instanceof DuckDBTimestampValue) return value.toString();
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  return String(value);
}

/** A read-only database; closed once it is both replaced and idle, never under a running query. */
class Reader {
  private active = 0;
  private retired = false;

  constructor(private readonly instance: DuckDBInstance) {}

  async run(sql: string, parameters: readonly unknown[], timeoutMs: number): Promise<ReadResult> {
    this.active += 1;
    try {
      return await this.query(sql, parameters, timeoutMs);
    } finally {
      this.active -= 1;
      if (this.retired && this.active === 0) this.instance.closeSync();
    }
  }

  private async query(sql: string, parameters: readonly unknown[], timeoutMs: number): Promise<ReadResult> {
    const connection = await this.instance.connect();
    const timer = setTimeout(() => connection.interrupt(), timeoutMs);
    try {
      const prepared = await connection.prepare(sql);
      prepared.bind(parameters as DuckDBValue[]);
      const result = await prepared.runAndReadAll();
      return { columns: result.columnNames(), rows: result.getRows().map((row) => row.map(toCell)) };
    } catch (error) {
      if (error instanceof Error && /interrupt/i.test(error.message)) {
        throw new AppError('VALIDATION_ERROR', {
          msg: `This question took longer than ${Math.round(timeoutMs / 1000)} s: narrow the date range or ask for fewer dimensions`,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      connection.closeSync();
    }
  }

  /**
   * SQL from outside the product (a model's): exactly one statement, a `SELECT` or `WITH`, at most
   * `rowCap` rows kept (streamed, so the rest is never computed) and stopped after `timeoutMs`.
   */
  async runUntrusted(sql: string, limits: UntrustedLimits): Promise<ReadResult & { truncated: boolean }> {
    this.active += 1;
    const connection = await this.instance.connect().catch((error: unknown) => {
      this.active -= 1;
      throw error;
    });
    const timer = setTimeout(() => connection.interrupt(), limits.timeoutMs);
    try {
      const statements = await connection.extractStatements(sql).catch((error: unknown) => {
        throw sqlRefusal(
          `The SQL does not parse: ${error instanceof Error ? error.message.split('\n')[0] : 'error'}`,
        );
      });
      if (statements.count !== 1) throw sqlRefusal('Send exactly one statement');
      const word = firstWord(sql);
      if (word !== 'select' && word !== 'with') throw sqlRefusal('Only a SELECT or WITH statement may run');
      const prepared = await statements.prepare(0).catch((error: unknown) => {
        throw sqlRefusal(
          error instanceof Error
            ? (error.message.split('\n')[0] ?? 'Not a valid query')
            : 'Not a valid query',
        );
      });
      if (prepared.statementType !== StatementType.SELECT)
        throw sqlRefusal('Only a SELECT or WITH statement may run');
      const reader = await prepared.streamAndReadUntil(limits.rowCap + 1);
      const rows = reader.getRows().map((row) => row.map(toCell));
      return {
        columns: reader.columnNames(),
        rows: rows.slice(0, limits.rowCap),
        truncated: rows.length > limits.rowCap,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/interrupt/i.test(message)) {
        throw sqlRefusal(
          `The query ran longer than ${Math.round(limits.timeoutMs / 1000)} s and was stopped`,
        );
      }
      // What DuckDB refused (no such table, a permission, a memory limit) is the model's to fix.
      throw sqlRefusal(message.split('\n')[0] ?? 'The query failed');
    } finally {
      clearTimeout(timer);
      connection.closeSync();
      this.active -= 1;
      if (this.retired && this.active === 0) this.instance.closeSync();
    }
  }

  /** No new queries come here; the database closes when the last running one ends. */
  close(): void {
    if (this.retired) return;
    this.retired = true;
    if (this.active === 0) this.instance.closeSync();
  }
}

export class AnalyticsStore {
  private readonly readers = new Map<string, Promise<Reader | null>>();
  private readonly writing = new Map<string, Promise<unknown>>();
  private demoBuilding: Promise<void> | null = null;
  /** Team stores brought up to `upgrade` by this process (or being brought). */
  private readonly upgraded = new Map<string, Promise<void>>();
  readonly limits: StoreLimits;

  /**
   * `upgrade`: the schema every team store must have (idempotent DDL). A team's file written by an
   * earlier version is brought up to it once, by a writer, before this process first reads it, so
   * a read-only reader never meets a column it lacks.
   */
  constructor(
    private readonly dir: string,
    limits: Partial<StoreLimits> = {},
    private readonly upgrade: string | null = null,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  private file(target: StoreTarget): string {
    if (target.kind === 'demo') return path.join(this.dir, 'demo.duckdb');
    if (!TEAM_ID.test(target.teamId)) throw new Error('invalid team id for the analytics store');
    return path.join(this.dir, `team-${target.teamId}.duckdb`);
  }

  private key(target: StoreTarget): string {
    return target.kind === 'demo' ? 'demo' : `team:${target.teamId}`;
  }

  /**
   * Replaces the demo database with what `build` writes into a fresh one, renamed into place so
   * readers never see half of it. One rebuild at a time.
   */
  rebuildDemo(build: (connection: DuckDBConnection) => Promise<void>): Promise<void> {
    this.demoBuilding ??= (async () => {
      const file = this.file({ kind: 'demo' });
      mkdirSync(this.dir, { recursive: true });
      const fresh = `${file}.${process.pid}.new`;
      rmSync(fresh, { force: true });
      const instance = await DuckDBInstance.create(fresh, { memory_limit: this.limits.memoryLimit });
      try {
        const connection = await instance.connect();
        await build(connection);
        await connection.run('checkpoint');
        connection.closeSync();
      } finally {
        instance.closeSync();
      }
      await this.dropReader({ kind: 'demo' });
      renameSync(fresh, file);
      rmSync(`${fresh}.wal`, { force: true });
    })().finally(() => {
      this.demoBuilding = null;
    });
    return this.demoBuilding;
  }

  /** The read-only database of `target`, or null when it holds nothing yet (no file). */
  async reader(target: StoreTarget): Promise<Reader | null> {
    if (target.kind === 'team' && this.upgrade !== null) await this.upgradeOnce(target.teamId, this.upgrade);
    const key = this.key(target);
    const open = this.readers.get(key);
    if (open) {
      // Most recently used last: the map's order is the eviction order.
      this.readers.delete(key);
      this.readers.set(key, open);
      return open;
    }
    const file = this.file(target);
    const opening = existsSync(file)
      ? DuckDBInstance.create(file, {
          access_mode: 'READ_ONLY',
          memory_limit: this.limits.memoryLimit,
          threads: '2',
          // Its own file and nothing else, whoever wrote the SQL; and no SET to undo that.
          enable_external_access: 'false',
          lock_configuration: 'true',
        }).then((instance) => new Reader(instance))
      : Promise.resolve(null);
    this.readers.set(key, opening);
    // A failed open is not kept: the next query tries again.
    opening.catch(() => this.readers.delete(key));
    void this.evict();
    return opening;
  }

  private upgradeOnce(teamId: string, schema: string): Promise<void> {
    const key = this.key({ kind: 'team', teamId });
    let done = this.upgraded.get(key);
    if (!done) {
      done = existsSync(this.file({ kind: 'team', teamId }))
        ? this.write(teamId, async () => undefined, { schema })
        : Promise.resolve();
      this.upgraded.set(key, done);
      // A failed upgrade is tried again by the next read.
      done.catch(() => this.upgraded.delete(key));
    }
    return done;
  }

  /** Runs one read with the store's time limit. */
  async read(target: StoreTarget, sql: string, parameters: readonly unknown[]): Promise<ReadResult | null> {
    const reader = await this.reader(target);
    return reader ? reader.run(sql, parameters, this.limits.timeoutMs) : null;
  }

  /**
   * Runs SQL written outside the product (by a model) on `target`'s store alone: one SELECT or
   * WITH, a row cap, a time limit, the store's memory limit. Null when the store holds nothing.
   */
  async readUntrusted(
    target: StoreTarget,
    sql: string,
    limits: Partial<UntrustedLimits> = {},
  ): Promise<(ReadResult & { truncated: boolean }) | null> {
    const reader = await this.reader(target);
    return reader
      ? reader.runUntrusted(sql, {
          rowCap: limits.rowCap ?? 1000,
          timeoutMs: limits.timeoutMs ?? Math.min(this.limits.timeoutMs, 5000),
        })
      : null;
  }

  /**
   * The one way a team's data is written: one writer per team at a time, on the team's own file;
   * when it is done, what it wrote is checkpointed and the team's readers reopen on it.
   */
  write<T>(
    teamId: string,
    work: (connection: DuckDBConnection) => Promise<T>,
    options: { schema: string },
  ): Promise<T> {
    const target: StoreTarget = { kind: 'team', teamId };
    const key = this.key(target);
    const previous = this.writing.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        mkdirSync(this.dir, { recursive: true });
        const instance = await DuckDBInstance.create(this.file(target), {
          memory_limit: this.limits.memoryLimit,
        });
        try {
          const connection = await instance.connect();
          await connection.run(options.schema);
          const result = await work(connection);
          await connection.run('checkpoint');
          connection.closeSync();
          return result;
        } finally {
          instance.closeSync();
          await this.dropReader(target);
        }
      });
    this.writing.set(key, next);
    void next.finally(() => {
      if (this.writing.get(key) === next) this.writing.delete(key);
    });
    return next;
  }

  /** The teams whose store has a file in this instance's folder (the demo is not a team's). */
  teamIds(): string[] {
    const names = existsSync(this.dir) ? readdirSync(this.dir) : [];
    return names
      .map((name) => /^team-([A-Za-z0-9_-]{1,64})\.duckdb$/.exec(name)?.[1])
      .filter((id): id is string => id !== undefined)
      .sort();
  }

  /** The file of a team's store (it may not exist): for a backup's copy and a restore's replacement. */
  teamFile(teamId: string): string {
    return this.file({ kind: 'team', teamId });
  }

  /**
   * Takes the team's writer slot and keeps it until the returned release is called: it waits for
   * a running writer (a sync, an import) to finish, and no writer starts meanwhile. A backup
   * copies the file under it, a restore replaces it; on release the team's reader reopens on
   * what is there and a file from an older version is upgraded again on its next read.
   */
  async hold(teamId: string): Promise<() => Promise<void>> {
    const target: StoreTarget = { kind: 'team', teamId };
    const key = this.key(target);
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let acquired: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => {
      acquired = resolve;
    });
    const previous = this.writing.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        acquired();
        await released;
        await this.dropReader(target);
        this.upgraded.delete(key);
      });
    this.writing.set(key, next);
    void next.finally(() => {
      if (this.writing.get(key) === next) this.writing.delete(key);
    });
    await taken;
    // Resolves once the old reader is gone, so the next read opens what is there now.
    return () => {
      letGo();
      return next;
    };
  }

  private async dropReader(target: StoreTarget): Promise<void> {
    const key = this.key(target);
    const open = this.readers.get(key);
    this.readers.delete(key);
    (await open?.catch(() => null))?.close();
  }

  private async evict(): Promise<void> {
    while (this.readers.size > this.limits.maxReaders) {
      const [oldest] = this.readers.keys();
      if (oldest === undefined) return;
      const open = this.readers.get(oldest);
      this.readers.delete(oldest);
      (await open?.catch(() => null))?.close();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.writing.values()]);
    const open = [...this.readers.values()];
    this.readers.clear();
    for (const reader of await Promise.all(open.map((p) => p.catch(() => null)))) reader?.close();
  }
}
