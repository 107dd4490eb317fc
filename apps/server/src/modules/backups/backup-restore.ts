import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RestoreMismatch, VerifyResult } from '@app/contract/admin/backups/backups';
import type { HeldStore } from '../../platform/analytics-store';
import type { Tx } from '../../platform/db';
import type { Maintenance } from '../../platform/maintenance';
import type { Platform } from '../../platform/platform';
import { type BackupManifest, Digest, readArchive } from './backup-archive';
import {
  announceEverythingChanged,
  type BackedUpTable,
  backedUpTables,
  countRows,
  createSchema,
  createScratchTable,
  insertRows,
  resetSequences,
  truncateAll,
} from './backup-tables.repo';
import { archiveKeys } from './backups.repo';

/** Thrown to roll a verification's transaction back once it has counted what it restored. */
class VerifiedRollback extends Error {}

/** The tables a backup names, as this version knows them (a table the schema no longer has is a mismatch). */
function tablesOf(manifest: BackupManifest): { known: BackedUpTable[]; unknown: string[] } {
  const byName = new Map(backedUpTables().map((table) => [table.name, table]));
  const known: BackedUpTable[] = [];
  const unknown: string[] = [];
  for (const name of Object.keys(manifest.tables)) {
    const table = byName.get(name);
    if (table) known.push(table);
    else unknown.push(name);
  }
  return { known, unknown };
}

/**
 * Streams the archive: rows into `target(table)` (inside `tx`), each table's checksum over its
 * lines; files and analytics stores into `spool` files when given (a restore puts them back
 * after the commit), else only hashed (a verification).
 */
async function replayArchive(
  platform: Platform,
  key: string,
  tx: Tx,
  target: (table: string) => string | undefined,
  spool?: string,
): Promise<{ mismatches: RestoreMismatch[]; spooled: { files: string[]; analytics: string[] } }> {
  const { body } = await platform.files.get(key);
  const tableDigests = new Map<string, Digest>();
  const partDigests = new Map<string, Digest>();
  const mismatches: RestoreMismatch[] = [];
  let manifest: BackupManifest | null = null;
  let open = null as { id: string; stream: WriteStream | null } | null;
  const spooled = { files: [] as string[], analytics: [] as string[] };
  const closeOpen = async () => {
    const stream = open?.stream;
    open = null;
    if (stream)
      await new Promise<void>((resolve, reject) =>
        stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
  };
  for await (const line of readArchive(body)) {
    if (line.k === 'rows') {
      const into = target(line.table);
      let digest = tableDigests.get(line.table);
      if (!digest) {
        digest = new Digest();
        tableDigests.set(line.table, digest);
      }
      digest.update(line.text);
      if (into) await insertRows(tx, into, line.rowsJson);
    } else if (line.k === 'file' || line.k === 'analytics') {
      const id = line.k === 'file' ? `file:${line.key}` : `analytics:${line.team_id}`;
      const data = Buffer.from(line.data, 'base64');
      let digest = partDigests.get(id);
      if (!digest) {
        digest = new Digest();
        partDigests.set(id, digest);
      }
      digest.update(data);
      if (open?.id !== id) {
        await closeOpen();
        let stream: WriteStream | null = null;
        if (spool) {
          const name = line.k === 'file' ? line.key.replace('/', '_') : `team-${line.team_id}.duckdb`;
          const dir = path.join(spool, line.k);
          await mkdir(dir, { recursive: true });
          stream = createWriteStream(path.join(dir, name));
          (line.k === 'file' ? spooled.files : spooled.analytics).push(
            line.k === 'file' ? line.key : line.team_id,
          );
        }
        open = { id, stream };
      }
      const stream = open?.stream;
      if (stream && !stream.write(data))
        await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    } else if (line.k === 'manifest') {
      manifest = line.manifest;
    }
  }
  await closeOpen();
  if (!manifest) throw new Error('the archive ends without its manifest: it is incomplete');
  for (const [name, entry] of Object.entries(manifest.tables)) {
    const digest = tableDigests.get(name);
    if ((digest?.hex() ?? EMPTY_SHA256) !== entry.sha256) {
      mismatches.push({ kind: 'table', name, expected: entry.rows, found: null });
    }
  }
  const parts = (kind: 'file' | 'analytics', entries: Record<string, { size: number; sha256: string }>) => {
    for (const [name, entry] of Object.entries(entries)) {
      const digest = partDigests.get(`${kind}:${name}`);
      const found = digest?.bytes ?? null;
      if (!digest || digest.hex() !== entry.sha256)
        mismatches.push({ kind, name, expected: entry.size, found });
    }
  };
  parts('file', manifest.files);
  parts('analytics', manifest.analytics);
  return { mismatches, spooled };
}

const EMPTY_SHA256 = new Digest().hex();

/** Restored counts against the manifest's. */
async function countMismatches(
  tx: Tx,
  manifest: BackupManifest,
  tables: BackedUpTable[],
  target: (table: BackedUpTable) => string,
): Promise<RestoreMismatch[]> {
  const mismatches: RestoreMismatch[] = [];
  for (const table of tables) {
    const expected = manifest.tables[table.name]?.rows ?? 0;
    const found = await countRows(tx, target(table));
    if (found !== expected) mismatches.push({ kind: 'table', name: table.name, expected, found });
  }
  return mismatches;
}

/**
 * Restores the archive into a scratch schema inside a transaction that is rolled back: the rows
 * are counted against the manifest and every checksum is checked, and nothing is changed.
 */
export async function verifyArchive(
  platform: Platform,
  key: string,
  manifest: BackupManifest,
): Promise<VerifyResult> {
  const { known, unknown } = tablesOf(manifest);
  const scratch = `backup_verify_${Date.now().toString(36)}`;
  let mismatches: RestoreMismatch[] = unknown.map((name) => ({
    kind: 'table',
    name,
    expected: manifest.tables[name]?.rows ?? null,
    found: null,
  }));
  try {
    await platform.db.transaction(async (tx) => {
      await createSchema(tx, scratch);
      const targets = new Map<string, string>();
      for (const table of known) targets.set(table.name, await createScratchTable(tx, scratch, table));
      const replay = await replayArchive(platform, key, tx, (name) => targets.get(name));
      mismatches = [
        ...mismatches,
        ...replay.mismatches,
        ...(await countMismatches(
          tx,
          manifest,
          known,
          (table) => targets.get(table.name) ?? table.qualified,
        )),
      ];
      throw new VerifiedRollback();
    });
  } catch (error) {
    if (!(error instanceof VerifiedRollback)) throw error;
  }
  const tables = Object.values(manifest.tables);
  return {
    ok: mismatches.length === 0,
    tables: tables.length,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    files: Object.keys(manifest.files).length,
    analytics_stores: Object.keys(manifest.analytics).length,
    mismatches,
  };
}

/**
 * The restore itself, once the gate is closed and the calls have drained: holds every analytics
 * store's writer slot (running syncs and imports finish first, none starts), replaces the
 * database in one transaction (counts and checksums checked before it commits), then the files
 * and the analytics stores, reopens each store and counts its rows.
 */
export async function restoreArchive(
  platform: Platform,
  maintenance: Maintenance,
  key: string,
  manifest: BackupManifest,
  spool: string,
): Promise<RestoreMismatch[]> {
  const { db, files, analytics } = platform;
  const { known, unknown } = tablesOf(manifest);
  if (unknown.length)
    throw new Error(`the backup holds tables this version does not have: ${unknown.join(', ')}`);

  maintenance.update({ phase: 'waiting_writers' });
  const teams = [...new Set([...(await analytics.teamIds()), ...Object.keys(manifest.analytics)])];
  const held = new Map<string, HeldStore>();
  try {
    for (const teamId of teams) held.set(teamId, await analytics.hold(teamId));

    maintenance.update({ phase: 'database' });
    const all = backedUpTables();
    const replayed = await db.transaction(async (tx) => {
      // Every table of the schema is emptied: one the backup did not have yet stays empty.
      await truncateAll(tx, all);
      const byName = new Map(known.map((table) => [table.name, table.qualified]));
      const replay = await replayArchive(platform, key, tx, (name) => byName.get(name), spool);
      const wrong = [
        ...replay.mismatches,
        ...(await countMismatches(tx, manifest, known, (table) => table.qualified)),
      ];
      if (wrong.length) {
        throw new Error(
          `the archive does not match its manifest: ${wrong.map((m) => `${m.kind} ${m.name}`).join(', ')}`,
        );
      }
      await resetSequences(tx, all);
      // Every cache of every instance drops what it holds when this commits.
      await announceEverythingChanged(tx);
      return replay.spooled;
    });

    maintenance.update({ phase: 'files' });
    // Backup archives stay, and so do the shared analytics versions (restored below, as new ones).
    const keep = new Set([...(await archiveKeys(db)), ...(await analytics.objectKeys())]);
    const restored = new Set(replayed.files);
    for (const fileKey of replayed.files) {
      const ext = fileKey.slice(fileKey.lastIndexOf('.') + 1);
      await files.put(createReadStream(path.join(spool, 'file', fileKey.replace('/', '_'))), {
        key: fileKey,
        ext,
        contentType: 'application/octet-stream',
      });
    }
    for await (const object of files.list()) {
      if (!restored.has(object.key) && !keep.has(object.key)) await files.remove(object.key);
    }

    maintenance.update({ phase: 'analytics' });
    const restoredTeams = new Set(replayed.analytics);
    for (const teamId of teams) {
      const file = (held.get(teamId) as HeldStore).file;
      await rm(`${file}.wal`, { force: true });
      if (!restoredTeams.has(teamId)) {
        await rm(file, { force: true });
        continue;
      }
      await mkdir(path.dirname(file), { recursive: true });
      const incoming = `${file}.restore`;
      await copyFile(path.join(spool, 'analytics', `team-${teamId}.duckdb`), incoming);
      await rename(incoming, file);
    }
  } finally {
    for (const store of held.values()) await store.release();
  }

  maintenance.update({ phase: 'checking' });
  const mismatches: RestoreMismatch[] = [];
  for (const [teamId, entry] of Object.entries(manifest.analytics)) {
    for (const [table, expected] of Object.entries(entry.tables)) {
      const result = await analytics
        .read({ kind: 'team', teamId }, `select count(*) from "${table.replace(/"/g, '""')}"`, [])
        .catch(() => null);
      const found = result ? Number(result.rows[0]?.[0] ?? 0) : null;
      if (found !== expected)
        mismatches.push({ kind: 'analytics', name: `${teamId}.${table}`, expected, found });
    }
  }
  return mismatches;
}
