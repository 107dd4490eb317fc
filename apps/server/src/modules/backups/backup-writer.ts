import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Platform } from '../../platform/platform';
import {
  type AnalyticsEntry,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveWriter,
  type BackupManifest,
  Digest,
} from './backup-archive';
import { backedUpTables, dumpRows } from './backup-tables.repo';
import { archiveKeys } from './backups.repo';

/**
 * Writes one backup archive into the object store and answers its key, size and manifest. The
 * tables are read in one REPEATABLE READ transaction (one snapshot across all of them); the files
 * are every object but the backups' own archives; each team's analytics store is copied under its
 * writer slot (a running sync finishes first), its rows counted on the copy.
 */
export async function writeBackup(
  platform: Platform,
  workDir: string,
): Promise<{ key: string; size: number; manifest: BackupManifest }> {
  const { db, files, analytics } = platform;
  const writer = new ArchiveWriter();
  const stored = files.put(writer.gzip, { ext: 'gz', contentType: 'application/gzip' });
  // A failed put (the store refusing) must not leave the writer waiting on a full stream forever.
  stored.catch(() => writer.gzip.destroy());
  const created_at = new Date().toISOString();
  const manifest: BackupManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    created_at,
    tables: {},
    files: {},
    analytics: {},
  };
  try {
    await writer.line(
      JSON.stringify({ k: 'header', format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, created_at }),
    );

    const tables = backedUpTables();
    await db.transaction(
      async (tx) => {
        for (const table of tables) {
          const rows = await dumpRows(tx, table);
          const digest = new Digest();
          await writer.rows(table.name, rows, digest);
          manifest.tables[table.name] = { rows: rows.length, sha256: digest.hex() };
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    // Archives are not backed up in archives; shared analytics versions go in as analytics below.
    const skip = new Set([...(await archiveKeys(db)), ...(await analytics.objectKeys())]);
    for await (const object of files.list()) {
      if (skip.has(object.key)) continue;
      const { body } = await files.get(object.key).catch(() => ({ body: null }));
      // Removed since it was listed: nothing to keep.
      if (!body) continue;
      manifest.files[object.key] = await writer.bytes(`"k":"file","key":${JSON.stringify(object.key)}`, body);
    }

    await mkdir(workDir, { recursive: true });
    for (const teamId of await analytics.teamIds()) {
      const copy = path.join(workDir, `team-${teamId}.duckdb`);
      const held = await analytics.hold(teamId);
      try {
        await copyFile(held.file, copy);
      } finally {
        await held.release();
      }
      const tables = await countStoreRows(copy);
      const entry = await writer.bytes(
        `"k":"analytics","team_id":${JSON.stringify(teamId)}`,
        createReadStream(copy),
      );
      manifest.analytics[teamId] = { ...entry, tables } satisfies AnalyticsEntry;
      await rm(copy, { force: true });
    }

    await writer.line(JSON.stringify({ k: 'manifest', manifest }));
    await writer.end();
    const { key, size } = await stored;
    return { key, size, manifest };
  } catch (error) {
    writer.gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    const done = await stored.catch(() => null);
    if (done) await files.remove(done.key).catch(() => undefined);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Rows of each table of a DuckDB file (a copy, opened read-only and closed again). */
export async function countStoreRows(file: string): Promise<Record<string, number>> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    try {
      const names = (
        await connection.runAndReadAll(
          "select table_name from information_schema.tables where table_schema = 'main' and table_type = 'BASE TABLE' order by table_name",
        )
      )
        .getRows()
        .map((row) => String(row[0]));
      const counts: Record<string, number> = {};
      for (const name of names) {
        const result = await connection.runAndReadAll(`select count(*) from "${name.replace(/"/g, '""')}"`);
        counts[name] = Number(result.getRows()[0]?.[0] ?? 0);
      }
      return counts;
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
