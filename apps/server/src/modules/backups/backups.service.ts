import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type Backup,
  type BackupSettings,
  RESTORE_CONFIRMATION,
  type RestoreStatus,
  type VerifyResult,
} from '@app/contract/admin/backups/backups';
import type { ListPage } from '@app/contract/list';
import { AppError, validationError } from '../../platform/app-error';
import { audited, recordOperation } from '../../platform/audit';
import type { BytesAnswer, SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { describeError } from '../../platform/redact';
import { contentDisposition, signDownload, verifyDownload } from '../../platform/storage';
import type { BackupManifest } from './backup-archive';
import { restoreArchive, verifyArchive } from './backup-restore';
import { writeBackup } from './backup-writer';
import {
  type BackupRow,
  backupsBeyond,
  deleteBackupRow,
  findBackup,
  finishBackup,
  insertBackup,
  latestScheduled,
  listBackupRows,
  readSettings,
  toBackup,
  writeSettings,
} from './backups.repo';

export const BACKUP_JOB = 'backups.scheduled';
const LINK_SECONDS = 300;
const NOT_FOUND = 'No such backup';
const BUSY = 'A backup or a restore is already running';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Backup links are signed with their own key: a storage link never opens an archive. */
const linkSecret = (platform: Platform) => `backup:${platform.secret}`;

/**
 * Backup and recovery (issue 28 item 8): backups taken on demand (in the background on this
 * instance) or by the schedule's job, retention, signed downloads, verification and restore. One
 * per process holds this instance's running work, so a second backup or a restore waits its turn.
 */
export class BackupsService {
  private backingUp: Promise<unknown> | null = null;
  private restoring: Promise<void> | null = null;

  constructor(private readonly platform: Platform) {}

  private workDir(name: string): string {
    return path.join(
      this.platform.config.DATA_DIR,
      'backup-work',
      `${name}-${randomBytes(4).toString('hex')}`,
    );
  }

  async list(query: { page: number; page_size: number }): Promise<ListPage<Backup>> {
    const { items, total } = await listBackupRows(this.platform.db, query.page, query.page_size);
    return { items: items.map(toBackup), total, page: query.page, page_size: query.page_size };
  }

  /** Starts a backup and answers its row at once (status `running`); the list shows when it is done. */
  async take(ctx: SignedInContext): Promise<{ backup: Backup }> {
    this.assertIdle();
    const id = newBackupId();
    const row = await audited(
      this.platform.db,
      ctx,
      { action: 'backups.take', targetType: 'backup', targetId: id },
      async (tx) => {
        const inserted = await insertBackup(tx, { id, trigger: 'manual', createdBy: ctx.user.id });
        return { result: inserted, after: { trigger: 'manual' } };
      },
    );
    this.backingUp = this.run(row).finally(() => {
      this.backingUp = null;
    });
    return { backup: toBackup(row) };
  }

  /** A backup taken and finished before it answers: the schedule's job, and tests. */
  async takeNow(trigger: 'manual' | 'scheduled', createdBy: string | null = null): Promise<Backup> {
    this.assertIdle();
    const row = await insertBackup(this.platform.db, { id: newBackupId(), trigger, createdBy });
    const done = this.run(row);
    this.backingUp = done;
    try {
      await done;
    } finally {
      this.backingUp = null;
    }
    const finished = await findBackup(this.platform.db, row.id);
    if (!finished) throw new Error('backup row vanished');
    return toBackup(finished);
  }

  private assertIdle(): void {
    if (this.backingUp || this.restoring || this.platform.maintenance.active) {
      throw new AppError('CONFLICT', { msg: BUSY });
    }
  }

  private async run(row: BackupRow): Promise<void> {
    const started = Date.now();
    try {
      const { key, size, manifest } = await writeBackup(this.platform, this.workDir(row.id));
      await finishBackup(this.platform.db, row.id, {
        status: 'completed',
        key,
        sizeBytes: size,
        durationMs: Date.now() - started,
        manifest,
      });
      await this.applyRetention();
    } catch (error) {
      await finishBackup(this.platform.db, row.id, {
        status: 'failed',
        durationMs: Date.now() - started,
        error: failureMessage(error),
      }).catch(() => undefined);
    }
  }

  /** Keeps the newest `retention` completed backups (and as many failed ones); the rest go, archives too. */
  private async applyRetention(): Promise<void> {
    const { retention } = await readSettings(this.platform.db);
    for (const status of ['completed', 'failed']) {
      for (const old of await backupsBeyond(this.platform.db, status, retention)) {
        if (old.key) await this.platform.files.remove(old.key);
        await deleteBackupRow(this.platform.db, old.id);
      }
    }
  }

  /** The schedule's tick (hourly): a backup when it is on and the last scheduled one is `interval` old. */
  async scheduledTick(): Promise<Backup | null> {
    const settings = await readSettings(this.platform.db);
    if (!settings.schedule_enabled) return null;
    const last = await latestScheduled(this.platform.db);
    // A minute's slack: an hourly tick a few seconds early still counts.
    const due =
      !last || Date.now() - last.startedAt.getTime() >= settings.interval_hours * 3_600_000 - 60_000;
    if (!due || this.backingUp || this.restoring || this.platform.maintenance.active) return null;
    return this.takeNow('scheduled');
  }

  async remove(ctx: SignedInContext, id: string): Promise<{ deleted: boolean }> {
    const row = await findBackup(this.platform.db, id);
    if (!row) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
    if (row.status === 'running')
      throw new AppError('CONFLICT', { msg: 'A running backup cannot be deleted' });
    await audited(
      this.platform.db,
      ctx,
      { action: 'backups.delete', targetType: 'backup', targetId: id },
      async (tx) => {
        await deleteBackupRow(tx, id);
        return { result: null, before: { status: row.status, key: row.key } };
      },
    );
    if (row.key) await this.platform.files.remove(row.key);
    return { deleted: true };
  }

  private async completed(id: string): Promise<BackupRow & { key: string; manifest: BackupManifest }> {
    const row = await findBackup(this.platform.db, id);
    if (!row) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
    if (row.status !== 'completed' || !row.key || !row.manifest) {
      throw new AppError('CONFLICT', { msg: 'Only a completed backup can be downloaded or restored' });
    }
    return { ...row, key: row.key, manifest: row.manifest as BackupManifest };
  }

  async downloadLink(ctx: SignedInContext, id: string): Promise<{ url: string; expires_at: number }> {
    const row = await this.completed(id);
    const expires = nowSeconds() + LINK_SECONDS;
    const presigned = await this.platform.files.signedUrl(row.key, {
      fileName: archiveName(row),
      contentType: 'application/gzip',
      disposition: 'attachment',
      expiresInSeconds: LINK_SECONDS,
    });
    const token = signDownload(linkSecret(this.platform), {
      fileId: row.id,
      userId: ctx.user.id,
      disposition: 'attachment',
      expires,
    });
    return {
      url: presigned ?? `/api/admin/backups-archive?token=${encodeURIComponent(token)}`,
      expires_at: expires,
    };
  }

  /** What a signed link serves; a forged or expired token is NOT_FOUND, like a missing backup. */
  async archive(token: string): Promise<BytesAnswer> {
    const grant = verifyDownload(linkSecret(this.platform), token);
    if (!grant) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
    const row = await this.completed(grant.fileId);
    const { body, size } = await this.platform.files.get(row.key);
    return {
      body,
      type: 'application/gzip',
      headers: {
        'content-length': String(size),
        'content-disposition': contentDisposition('attachment', archiveName(row)),
        'cache-control': 'private, no-store',
      },
    };
  }

  getSettings(): Promise<BackupSettings> {
    return readSettings(this.platform.db);
  }

  async putSettings(ctx: SignedInContext, settings: BackupSettings): Promise<BackupSettings> {
    await audited(
      this.platform.db,
      ctx,
      { action: 'backups.settings', targetType: 'backup_settings', targetId: '1' },
      async (tx) => {
        const before = await readSettings(tx);
        await writeSettings(tx, settings);
        return { result: null, before, after: settings };
      },
    );
    return settings;
  }

  status(): RestoreStatus {
    return this.platform.maintenance.status();
  }

  /**
   * `verify_only`: restores into a scratch schema and rolls it back (nothing changes). Otherwise
   * the restore: the gate closes now and the rest runs in the background; the status call follows it.
   */
  async restore(
    ctx: SignedInContext,
    id: string,
    body: { confirm?: string; verify_only: boolean },
  ): Promise<{ restore: RestoreStatus | null; verify: VerifyResult | null }> {
    if (!body.verify_only && body.confirm?.trim() !== RESTORE_CONFIRMATION) {
      throw validationError({ confirm: 'Type RESTORE to confirm' });
    }
    const row = await this.completed(id);
    const target = {
      action: body.verify_only ? 'backups.verify' : 'backups.restore',
      targetType: 'backup',
      targetId: id,
    };
    if (body.verify_only) {
      const verify = await verifyArchive(this.platform, row.key, row.manifest);
      await recordOperation(this.platform.db, ctx, target, {
        after: { ok: verify.ok, mismatches: verify.mismatches.length },
      });
      return { restore: null, verify };
    }
    this.assertIdle();
    await recordOperation(this.platform.db, ctx, target, { after: { phase: 'started' } });
    const { maintenance } = this.platform;
    maintenance.begin({
      maintenance: true,
      phase: 'draining',
      backup_id: id,
      started_at: nowSeconds(),
      finished_at: null,
      error: null,
      mismatches: [],
    });
    this.restoring = this.runRestore(ctx, row).finally(() => {
      this.restoring = null;
    });
    return { restore: maintenance.status(), verify: null };
  }

  private async runRestore(ctx: SignedInContext, row: { id: string; key: string; manifest: BackupManifest }) {
    const { maintenance, db } = this.platform;
    const spool = this.workDir(`restore-${row.id}`);
    const target = { action: 'backups.restore', targetType: 'backup', targetId: row.id };
    try {
      await maintenance.drain();
      const mismatches = await restoreArchive(this.platform, maintenance, row.key, row.manifest, spool);
      const error = mismatches.length ? 'Some restored counts differ from the backup' : null;
      maintenance.end({
        phase: error ? 'failed' : 'completed',
        finished_at: nowSeconds(),
        error,
        mismatches,
      });
      // In the restored database: the record of the restore outlives it.
      await recordOperation(db, ctx, target, {
        after: { phase: error ? 'failed' : 'completed', mismatches: mismatches.length },
        ...(error ? { error } : {}),
      }).catch(() => undefined);
    } catch (error) {
      const message = failureMessage(error);
      maintenance.end({ phase: 'failed', finished_at: nowSeconds(), error: message });
      await recordOperation(db, ctx, target, { error: message }).catch(() => undefined);
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  }

  /** Resolves once this instance's running backup and restore are done (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([this.backingUp, this.restoring]);
  }
}

/** What failed, safe to store and show: a failed query's cause, not its (long, parameterised) text. */
function failureMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return describeError(cause).message.slice(0, 1000);
}

function newBackupId(): string {
  return `bk_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

function archiveName(row: BackupRow): string {
  const stamp = row.startedAt.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `backup-${stamp}-${row.id}.jsonl.gz`;
}
