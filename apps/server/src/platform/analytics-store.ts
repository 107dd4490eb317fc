import { createHash, randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBInstance,
  DuckDBTimestampValue,
  type DuckDBValue,
  StatementType,
} from '@duckdb/node-api';
import type { AnalyticsCatalog, StoreVersion } from './analytics-catalog';
import { AppError, validationError } from './app-error';
import type { ObjectStore } from './storage';

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
 *
 * Shared (issue 29, when instances share an object store): a store is a series of immutable
 * versions. A writer, holding the store's lock across every instance, copies the current version,
 * writes into the copy, puts it in the object store and records it as the next version in
 * PostgreSQL (the catalog) in one insert, announced on the change feed. Every read looks up the
 * current version (one primary-key read) and queries this instance's local copy of it, fetched on
 * first use; a sync writing on one instance leaves the others reading the last complete version.
 * A crashed writer publishes nothing (its lock goes with its connection) and its job runs again.
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

/** What the shared mode runs on: the catalog, the object store and the cross-instance lock. */
export interface SharedStores {
  catalog: AnalyticsCatalog;
  files: ObjectStore;
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** How long a superseded version stays, for instances still reading their copy of it. */
  graceMs?: number;
  /**
   * The change feed: a store this instance reads that another publishes (`a:<store key>`) is
   * fetched at once, so the next read finds the new copy ready.
   */
  changes?: { on(listener: (kind: string, id: string) => void): () => void };
}

/** A team's store held for a backup's copy or a restore's replacement (`hold`). */
export interface HeldStore {
  /** The file to copy, or to replace (or remove) while held; it may not exist. */
  file: string;
  /** Lets go: what the file is now is what the team's readers read next. */
  release(): Promise<void>;
}

const DEFAULT_GRACE_MS = 60 * 60 * 1000;

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

  constructor(
    private readonly instance: DuckDBInstance,
    /** Runs once the database is closed (the shared mode removes a superseded local copy). */
    private readonly onClosed: () => void = () => undefined,
  ) {}

  private closeNow(): void {
    this.instance.closeSync();
    this.onClosed();
  }

  async run(sql: string, parameters: readonly unknown[], timeoutMs: number): Promise<ReadResult> {
    this.active += 1;
    try {
      return await this.query(sql, parameters, timeoutMs);
    } finally {
      this.active -= 1;
      if (this.retired && this.active === 0) this.closeNow();
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
      if (this.retired && this.active === 0) this.closeNow();
    }
  }

  /** No new queries come here; the database closes when the last running one ends. */
  close(): void {
    if (this.retired) return;
    this.retired = true;
    if (this.active === 0) this.closeNow();
  }
}

export class AnalyticsStore {
  private readonly readers = new Map<string, Promise<Reader | null>>();
  /** Shared mode: the version each open reader reads, and the newest version seen of each store. */
  private readonly readerVersions = new Map<string, number>();
  private readonly newestSeen = new Map<string, number>();
  /** Shared mode: local copies being fetched, by file. */
  private readonly fetching = new Map<string, Promise<string>>();
  private readonly writing = new Map<string, Promise<unknown>>();
  private demoBuilding: Promise<void> | null = null;
  /** Team stores brought up to `upgrade` by this process (or being brought). */
  private readonly upgraded = new Map<string, Promise<void>>();
  readonly limits: StoreLimits;
  /** A hash of `upgrade`: a shared version records it, so each instance knows whether to upgrade. */
  private readonly schemaTag: string;
  private readonly copies: string;

  /**
   * `upgrade`: the schema every team store must have (idempotent DDL). A team's file written by an
   * earlier version is brought up to it once, by a writer, before this process first reads it, so
   * a read-only reader never meets a column it lacks. `shared`: the stores are versions in the
   * object store (several instances); without it, files in `dir` (one instance).
   */
  constructor(
    private readonly dir: string,
    limits: Partial<StoreLimits> = {},
    private readonly upgrade: string | null = null,
    private readonly shared: SharedStores | null = null,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.schemaTag = createHash('sha256')
      .update(upgrade ?? '')
      .digest('hex')
      .slice(0, 16);
    this.copies = path.join(dir, 'copies');
    // Local copies are a cache of the object store: whatever a previous run left is fetched again.
    if (shared) rmSync(this.copies, { recursive: true, force: true });
    shared?.changes?.on((kind, id) => {
      if (kind === 'a' && this.readers.has(id)) void this.sharedReader(id).catch(() => undefined);
    });
  }

  /** Which kind of store this is: an operator's health page and the metrics say it. */
  get mode(): 'local' | 'shared' {
    return this.shared ? 'shared' : 'local';
  }

  private file(target: StoreTarget): string {
    if (target.kind === 'demo') return path.join(this.dir, 'demo.duckdb');
    if (!TEAM_ID.test(target.teamId)) throw new Error('invalid team id for the analytics store');
    return path.join(this.dir, `team-${target.teamId}.duckdb`);
  }

  private key(target: StoreTarget): string {
    if (target.kind === 'team' && !TEAM_ID.test(target.teamId))
      throw new Error('invalid team id for the analytics store');
    return target.kind === 'demo' ? 'demo' : `team:${target.teamId}`;
  }

  /** Shared mode: this instance's copy of one version of a store. */
  private copyFile(storeKey: string, version: number): string {
    return path.join(this.copies, `${storeKey.replace(':', '-')}.v${version}.duckdb`);
  }

  /** A fresh file to write a new version into, beside the copies (same disk: renamed, not copied). */
  private workFile(storeKey: string): string {
    mkdirSync(this.copies, { recursive: true });
    return path.join(this.copies, `${storeKey.replace(':', '-')}.work-${randomUUID()}.duckdb`);
  }

  /**
   * Replaces the demo database with what `build` writes into a fresh one, renamed into place (or,
   * shared, published) so readers never see half of it. One rebuild at a time; shared, one across
   * every instance, and `isCurrent` (asked again under the lock) skips what another just built.
   */
  rebuildDemo(
    build: (connection: DuckDBConnection) => Promise<void>,
    options: { isCurrent?: () => Promise<boolean> } = {},
  ): Promise<void> {
    this.demoBuilding ??= (async () => {
      if (this.shared) {
        const shared = this.shared;
        await shared.withLock('analytics:demo', async () => {
          if (options.isCurrent && (await options.isCurrent())) return;
          const head = await shared.catalog.current('demo');
          await this.publishFrom('demo', head, null, async (file) => {
            await buildInto(file, this.limits.memoryLimit, build);
          });
        });
        return;
      }
      const file = this.file({ kind: 'demo' });
      mkdirSync(this.dir, { recursive: true });
      const fresh = `${file}.${process.pid}.new`;
      rmSync(fresh, { force: true });
      await buildInto(fresh, this.limits.memoryLimit, build);
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
    if (this.shared) return this.sharedReader(key);
    const open = this.readers.get(key);
    if (open) {
      this.touch(key, open);
      return open;
    }
    const file = this.file(target);
    const opening = existsSync(file) ? this.openReadOnly(file) : Promise.resolve(null);
    this.keep(key, opening);
    return opening;
  }

  /** Most recently used last: the map's order is the eviction order. */
  private touch(key: string, open: Promise<Reader | null>): void {
    this.readers.delete(key);
    this.readers.set(key, open);
  }

  private keep(key: string, opening: Promise<Reader | null>): void {
    this.readers.set(key, opening);
    // A failed open is not kept: the next query tries again.
    opening.catch(() => {
      if (this.readers.get(key) === opening) {
        this.readers.delete(key);
        this.readerVersions.delete(key);
      }
    });
    void this.evict();
  }

  private openReadOnly(file: string, onClosed?: () => void): Promise<Reader> {
    return DuckDBInstance.create(file, {
      access_mode: 'READ_ONLY',
      memory_limit: this.limits.memoryLimit,
      threads: '2',
      // Its own file and nothing else, whoever wrote the SQL; and no SET to undo that.
      enable_external_access: 'false',
      lock_configuration: 'true',
    }).then((instance) => new Reader(instance, onClosed));
  }

  /**
   * Shared mode: the reader of the store's current version (one look-up in the catalog). A newer
   * version than the open reader's is fetched and opened; the old reader finishes its queries
   * and closes, and its copy is removed.
   */
  private async sharedReader(key: string): Promise<Reader | null> {
    const shared = this.shared as SharedStores;
    const head = await shared.catalog.current(key);
    const open = this.readers.get(key);
    const openVersion = this.readerVersions.get(key) ?? 0;
    if (!head) return null;
    this.newestSeen.set(key, Math.max(this.newestSeen.get(key) ?? 0, head.version));
    // The open reader is as new (a slower look-up may answer an older version): keep it.
    if (open && openVersion >= head.version) {
      this.touch(key, open);
      return open;
    }
    const version = head.version;
    const opening: Promise<Reader | null> =
      head.objectKey === null
        ? Promise.resolve(null)
        : this.fetchCopy(head).then((file) =>
            this.openReadOnly(file, () => {
              // A superseded copy goes with its last reader; the current one stays for the next.
              if ((this.newestSeen.get(key) ?? 0) > version) void rm(file, { force: true });
            }),
          );
    this.readerVersions.set(key, version);
    this.keep(key, opening);
    if (open) void open.then((reader) => reader?.close()).catch(() => undefined);
    return opening;
  }

  /** Shared mode: this instance's copy of `version`, fetched from the object store once. */
  private fetchCopy(version: StoreVersion): Promise<string> {
    const file = this.copyFile(version.storeKey, version.version);
    if (existsSync(file)) return Promise.resolve(file);
    let fetching = this.fetching.get(file);
    if (!fetching) {
      fetching = (async () => {
        const shared = this.shared as SharedStores;
        mkdirSync(this.copies, { recursive: true });
        const part = `${file}.part-${randomUUID()}`;
        try {
          const { body } = await shared.files.get(version.objectKey as string);
          await pipeline(body, createWriteStream(part));
          await rename(part, file);
          return file;
        } finally {
          await rm(part, { force: true });
        }
      })();
      this.fetching.set(file, fetching);
      void fetching.finally(() => this.fetching.delete(file)).catch(() => undefined);
    }
    return fetching;
  }

  private upgradeOnce(teamId: string, schema: string): Promise<void> {
    const key = this.key({ kind: 'team', teamId });
    let done = this.upgraded.get(key);
    if (!done) {
      // Shared: asked again under the writer lock, so two instances starting together upgrade once.
      done = this.needsUpgrade(teamId).then((needed) =>
        needed
          ? this.writeUnless(teamId, async () => undefined, {
              schema,
              unless: (head) => head?.schemaTag === this.schemaTag,
            })
          : undefined,
      );
      this.upgraded.set(key, done);
      // A failed upgrade is tried again by the next read.
      done.catch(() => this.upgraded.delete(key));
    }
    return done;
  }

  /** Local: any file may be older than this version. Shared: the current version says. */
  private async needsUpgrade(teamId: string): Promise<boolean> {
    if (!this.shared) return existsSync(this.file({ kind: 'team', teamId }));
    const head = await this.shared.catalog.current(this.key({ kind: 'team', teamId }));
    return head !== null && head.objectKey !== null && head.schemaTag !== this.schemaTag;
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

  /** One writer per store in this process: `work` runs after the one before it has finished. */
  private queue<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.writing.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.writing.set(key, next);
    void next
      .finally(() => {
        if (this.writing.get(key) === next) this.writing.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  /**
   * The one way a team's data is written: one writer per team at a time (shared: across every
   * instance), on the team's own store; when it is done, what it wrote is checkpointed (shared:
   * published as the next version) and the team's readers reopen on it.
   */
  write<T>(
    teamId: string,
    work: (connection: DuckDBConnection) => Promise<T>,
    options: { schema: string },
  ): Promise<T> {
    // Without `unless`, `work` always runs: its result is what comes back.
    return this.writeUnless(teamId, work, options) as Promise<T>;
  }

  /** `write`, skipped (shared) when `unless` holds of the current version read under the lock. */
  private writeUnless<T>(
    teamId: string,
    work: (connection: DuckDBConnection) => Promise<T>,
    options: { schema: string; unless?: (head: StoreVersion | null) => boolean },
  ): Promise<T | undefined> {
    const target: StoreTarget = { kind: 'team', teamId };
    const key = this.key(target);
    const writeInto = async (file: string): Promise<T> => {
      const instance = await DuckDBInstance.create(file, { memory_limit: this.limits.memoryLimit });
      try {
        const connection = await instance.connect();
        // Shared: every version is brought up to this schema, and says so (`schemaTag`).
        if (this.shared && this.upgrade !== null && this.upgrade !== options.schema)
          await connection.run(this.upgrade);
        await connection.run(options.schema);
        const result = await work(connection);
        await connection.run('checkpoint');
        connection.closeSync();
        return result;
      } finally {
        instance.closeSync();
      }
    };
    return this.queue(key, async () => {
      if (this.shared) {
        const shared = this.shared;
        return shared.withLock(`analytics:${key}`, async () => {
          const head = await shared.catalog.current(key);
          if (options.unless?.(head)) return undefined;
          let result: T | undefined;
          await this.publishFrom(key, head, head, async (file) => {
            result = await writeInto(file);
          });
          return result;
        });
      }
      mkdirSync(this.dir, { recursive: true });
      try {
        return await writeInto(this.file(target));
      } finally {
        await this.dropReader(target);
      }
    });
  }

  /**
   * Shared mode, under the store's lock: `change` edits a work file that starts as a copy of
   * `base` (or does not exist); what it leaves is put in the object store and published as the
   * version after `head`. Nothing is published when `change` fails. A file `change` removed
   * publishes an empty store. Answers whether anything was published.
   */
  private async publishFrom(
    storeKey: string,
    head: StoreVersion | null,
    base: StoreVersion | null,
    change: (file: string) => Promise<void>,
    options: { onlyIfChanged?: boolean } = {},
  ): Promise<boolean> {
    const shared = this.shared as SharedStores;
    const work = this.workFile(storeKey);
    try {
      if (base?.objectKey) await copyFile(await this.fetchCopy(base), work);
      const before = await fileState(work);
      await change(work);
      await rm(`${work}.wal`, { force: true });
      const after = await fileState(work);
      if (options.onlyIfChanged && before === after) return false;
      const version = (head?.version ?? 0) + 1;
      if (after === 'none' && !head?.objectKey) return false;
      const stored =
        after === 'none'
          ? null
          : await shared.files.put(createReadStream(work), {
              ext: 'duckdb',
              contentType: 'application/octet-stream',
            });
      try {
        await shared.catalog.publish({
          storeKey,
          version,
          objectKey: stored?.key ?? null,
          bytes: stored?.size ?? 0,
          schemaTag: this.schemaTag,
        });
      } catch (error) {
        if (stored) await shared.files.remove(stored.key).catch(() => undefined);
        throw error;
      }
      // The work file is this instance's copy of the new version: the next read opens it.
      if (stored) await rename(work, this.copyFile(storeKey, version));
      this.newestSeen.set(storeKey, Math.max(this.newestSeen.get(storeKey) ?? 0, version));
      return true;
    } finally {
      await rm(work, { force: true });
      await rm(`${work}.wal`, { force: true });
    }
  }

  /** The teams whose store holds something (the demo is not a team's). */
  async teamIds(): Promise<string[]> {
    if (this.shared) return this.shared.catalog.teamIds();
    const names = existsSync(this.dir) ? readdirSync(this.dir) : [];
    return names
      .map((name) => /^team-([A-Za-z0-9_-]{1,64})\.duckdb$/.exec(name)?.[1])
      .filter((id): id is string => id !== undefined)
      .sort();
  }

  /** The object-store keys the shared versions use: not orphans, and a restore keeps them. */
  async objectKeys(): Promise<Set<string>> {
    return this.shared ? this.shared.catalog.objectKeys() : new Set();
  }

  /**
   * Takes the team's writer slot (shared: across every instance) and keeps it until released: it
   * waits for a running writer (a sync, an import) to finish, and no writer starts meanwhile. A
   * backup copies `file` under it, a restore replaces or removes it; on release the team's reader
   * reopens on what is there (shared: a changed file is published as the next version) and a file
   * from an older version is upgraded again on its next read.
   */
  async hold(teamId: string): Promise<HeldStore> {
    const target: StoreTarget = { kind: 'team', teamId };
    const key = this.key(target);
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let acquired: (file: string) => void = () => undefined;
    const taken = new Promise<string>((resolve) => {
      acquired = resolve;
    });
    const next = this.queue(key, async () => {
      if (this.shared) {
        const shared = this.shared;
        await shared.withLock(`analytics:${key}`, async () => {
          const head = await shared.catalog.current(key);
          await this.publishFrom(
            key,
            head,
            head,
            async (file) => {
              acquired(file);
              await released;
            },
            { onlyIfChanged: true },
          );
        });
      } else {
        acquired(this.file(target));
        await released;
      }
      await this.dropReader(target);
      this.upgraded.delete(key);
    });
    // A failure before the file was handed over (the lock, a fetch) reaches the caller.
    const file = await Promise.race([taken, next.then(() => taken)]);
    return {
      file,
      // Resolves once the old reader is gone, so the next read opens what is there now.
      release: () => {
        letGo();
        return next;
      },
    };
  }

  /**
   * Shared mode: removes the versions superseded longer ago than the grace period, with their
   * objects (a job runs it). Answers how many went.
   */
  async sweep(): Promise<number> {
    if (!this.shared) return 0;
    const old = await this.shared.catalog.superseded(this.shared.graceMs ?? DEFAULT_GRACE_MS);
    for (const version of old) {
      if (version.objectKey) await this.shared.files.remove(version.objectKey);
      await this.shared.catalog.forget(version);
    }
    return old.length;
  }

  private async dropReader(target: StoreTarget): Promise<void> {
    const key = this.key(target);
    const open = this.readers.get(key);
    this.readers.delete(key);
    this.readerVersions.delete(key);
    (await open?.catch(() => null))?.close();
  }

  private async evict(): Promise<void> {
    while (this.readers.size > this.limits.maxReaders) {
      const [oldest] = this.readers.keys();
      if (oldest === undefined) return;
      const open = this.readers.get(oldest);
      this.readers.delete(oldest);
      this.readerVersions.delete(oldest);
      (await open?.catch(() => null))?.close();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.writing.values()]);
    const open = [...this.readers.values()];
    this.readers.clear();
    this.readerVersions.clear();
    for (const reader of await Promise.all(open.map((p) => p.catch(() => null)))) reader?.close();
  }
}

/** A new database file holding what `build` writes, checkpointed and closed. */
async function buildInto(
  file: string,
  memoryLimit: string,
  build: (connection: DuckDBConnection) => Promise<void>,
): Promise<void> {
  rmSync(file, { force: true });
  const instance = await DuckDBInstance.create(file, { memory_limit: memoryLimit });
  try {
    const connection = await instance.connect();
    await build(connection);
    await connection.run('checkpoint');
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
}

/** Enough to tell whether a held file was changed: gone, or its size and modification time. */
async function fileState(file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  return info ? `${info.size}:${info.mtimeMs}` : 'none';
}
