import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/**
 * A backup archive: gzip over JSON lines, each tagged by `k`. A header first, then the rows of
 * each table in foreign-key order (in chunks), each file of the object store and each team's
 * analytics store (base64, in parts), and last the manifest (row counts and checksums), which
 * the backup's row keeps too. Read and written as streams: a large store never sits in memory
 * whole, only one chunk of it.
 */

export const ARCHIVE_FORMAT = 'app-backup';
export const ARCHIVE_VERSION = 1;
/** Rows per `rows` line, bytes per `file`/`analytics` part. */
export const ROWS_PER_LINE = 500;
export const BYTES_PER_PART = 1024 * 1024;

export interface TableEntry {
  rows: number;
  sha256: string;
}
export interface FileEntry {
  size: number;
  sha256: string;
}
export interface AnalyticsEntry extends FileEntry {
  /** Rows of each table of the team's store. */
  tables: Record<string, number>;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  /** In the order they were written (foreign-key order). */
  tables: Record<string, TableEntry>;
  files: Record<string, FileEntry>;
  analytics: Record<string, AnalyticsEntry>;
}

export type ArchiveLine =
  | { k: 'header'; format: string; version: number; created_at: string }
  | { k: 'rows'; table: string; rowsJson: string; text: string }
  | { k: 'file'; key: string; part: number; data: string }
  | { k: 'analytics'; team_id: string; part: number; data: string }
  | { k: 'manifest'; manifest: BackupManifest };

/** A running sha256 over what passes, with its byte count. */
export class Digest {
  private readonly hash = createHash('sha256');
  bytes = 0;
  update(chunk: Buffer | string): void {
    this.hash.update(chunk);
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/** Writes lines into a gzip stream, waiting whenever it is full. */
export class ArchiveWriter {
  readonly gzip: Gzip = createGzip();

  async line(text: string): Promise<void> {
    if (!this.gzip.write(`${text}\n`)) await once(this.gzip, 'drain');
  }

  /** A table's rows (their JSON texts), chunked; the table's checksum is over these lines. */
  async rows(table: string, rows: string[], digest: Digest): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_LINE) {
      const text = `${rowsPrefix(table)}[${rows.slice(start, start + ROWS_PER_LINE).join(',')}]}`;
      digest.update(text);
      await this.line(text);
    }
  }

  /** A stream's bytes in base64 parts under `head` (`"k":"file","key":…`); answers its size and sha256. */
  async bytes(head: string, body: Readable): Promise<FileEntry> {
    const digest = new Digest();
    let part = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await this.line(`{${head},"part":${part},"data":"${data.toString('base64')}"}`);
      part += 1;
    };
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      digest.update(buffer);
      pending.push(buffer);
      pendingBytes += buffer.length;
      while (pendingBytes >= BYTES_PER_PART) {
        const all = Buffer.concat(pending);
        pending = [all.subarray(BYTES_PER_PART)];
        pendingBytes = all.length - BYTES_PER_PART;
        await this.line(
          `{${head},"part":${part},"data":"${all.subarray(0, BYTES_PER_PART).toString('base64')}"}`,
        );
        part += 1;
      }
    }
    // An empty file still has one (empty) part, so a restore knows it.
    if (pendingBytes > 0 || part === 0) await flush();
    return { size: digest.bytes, sha256: digest.hex() };
  }

  async end(): Promise<void> {
    this.gzip.end();
  }
}

function rowsPrefix(table: string): string {
  return `{"k":"rows","table":${JSON.stringify(table)},"rows":`;
}

const ROWS_LINE = /^\{"k":"rows","table":("(?:[^"\\]|\\.)*"),"rows":/;

/**
 * The archive's lines, in order, from its gzip bytes. A rows line is not parsed: its rows go to
 * PostgreSQL as the very text `row_to_json` wrote (a JavaScript number would round a bigint or a
 * long numeric), and its checksum is over that text.
 */
export async function* readArchive(body: Readable): AsyncGenerator<ArchiveLine> {
  const gunzip = createGunzip();
  body.on('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: body.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const text of lines) {
    if (!text) continue;
    const rows = ROWS_LINE.exec(text);
    if (rows?.[1]) {
      const table = JSON.parse(rows[1]) as string;
      yield { k: 'rows', table, rowsJson: text.slice(rows[0].length, -1), text };
      continue;
    }
    yield JSON.parse(text) as ArchiveLine;
  }
}
