import { gunzipSync } from 'node:zlib';
import {
  deleteBackup,
  getBackupDownload,
  getBackupSettings,
  getRestoreStatus,
  listBackups,
  putBackupSettings,
  restoreBackup,
  takeBackup,
} from '@app/contract/admin/backups/backups';
import { listCaches } from '@app/contract/admin/caches/caches';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords, roles } from '../../db/schema';
import { readAll } from '../../platform/storage';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { STORE_TABLES } from '../analytics/store-schema';

const TEAM = 'backup_probe_team';
const PROBE = 'create table if not exists backup_probe (id integer, label varchar)';

describe('backup and recovery', () => {
  let t: TestApp;
  let admin: Caller;

  async function probeRows(): Promise<number> {
    const result = await t.platform.analytics.read(
      { kind: 'team', teamId: TEAM },
      'select count(*) from backup_probe',
      [],
    );
    return Number(result?.rows[0]?.[0] ?? -1);
  }

  async function roleName(code: string): Promise<string | null> {
    const [row] = await t.platform.db.select({ name: roles.name }).from(roles).where(eq(roles.code, code));
    return row?.name ?? null;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('takes a backup on demand: listed as running, then completed with its size, duration and counts', async () => {
    const started = (await callEndpoint(t.app, takeBackup, { as: admin })).ok().backup;
    expect(started.status).toBe('running');
    await t.app.backups.settled();
    const listed = (await callEndpoint(t.app, listBackups, { as: admin })).ok();
    const done = listed.items.find((item) => item.id === started.id);
    expect(done).toMatchObject({ status: 'completed', trigger: 'manual' });
    expect(done?.size_bytes).toBeGreaterThan(0);
    expect(done?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(done?.rows).toBeGreaterThan(0);
    expect(done?.tables).toBeGreaterThan(10);

    const link = (
      await callEndpoint(t.app, getBackupDownload, { as: admin, params: { id: started.id } })
    ).ok();
    const archive = await t.app.inject({ method: 'GET', url: link.url });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toContain('application/gzip');
    const lines = gunzipSync(archive.rawPayload).toString().trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ k: 'header', format: 'app-backup' });
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ k: 'manifest' });
    // A forged link opens nothing.
    const forged = await t.app.inject({ method: 'GET', url: `${link.url.split('?')[0]}?token=x.y` });
    expect(forged.statusCode).toBe(404);
  });

  it('backup, change a row, a file and an analytics row, restore: all equal the backup again', async () => {
    await t.platform.db.insert(roles).values({ code: 'backup_probe', name: 'Before', description: '' });
    const file = await t.platform.files.put(Buffer.from('original bytes'), {
      ext: 'txt',
      contentType: 'text/plain',
    });
    await t.platform.analytics.write(
      TEAM,
      async (connection) => {
        await connection.run(PROBE);
        await connection.run("insert into backup_probe values (1, 'one'), (2, 'two')");
      },
      { schema: STORE_TABLES },
    );
    expect(await probeRows()).toBe(2);

    const backup = await t.app.backups.takeNow('manual');
    expect(backup.status).toBe('completed');
    expect(backup.analytics_stores).toBe(1);
    expect(backup.files).toBeGreaterThanOrEqual(1);

    // After the backup: a row changed and one added, a file replaced, an analytics row added.
    await t.platform.db.update(roles).set({ name: 'After' }).where(eq(roles.code, 'backup_probe'));
    await t.platform.db.insert(roles).values({ code: 'backup_later', name: 'Later', description: '' });
    await t.platform.files.remove(file.key);
    const later = await t.platform.files.put(Buffer.from('later bytes'), {
      ext: 'txt',
      contentType: 'text/plain',
    });
    await t.platform.analytics.write(
      TEAM,
      async (connection) => {
        await connection.run("insert into backup_probe values (3, 'three')");
      },
      { schema: STORE_TABLES },
    );

    // Verifying changes nothing.
    const verified = (
      await callEndpoint(t.app, restoreBackup, {
        as: admin,
        params: { id: backup.id },
        body: { verify_only: true },
      })
    ).ok();
    expect(verified.verify).toMatchObject({ ok: true, mismatches: [] });
    expect(verified.verify?.rows).toBe(backup.rows);
    expect(await roleName('backup_probe')).toBe('After');
    expect(await roleName('backup_later')).toBe('Later');
    expect(await t.platform.files.stat(later.key)).not.toBeNull();
    expect(await probeRows()).toBe(3);

    // Without the typed confirmation nothing starts.
    const unconfirmed = await callEndpoint(t.app, restoreBackup, {
      as: admin,
      params: { id: backup.id },
      body: { confirm: 'yes' },
    });
    expect(unconfirmed.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { confirm: expect.any(String) },
    });

    // A writer of the team's store is running: the restore waits for it, in maintenance meanwhile.
    const held = await t.platform.analytics.hold(TEAM);
    const started = (
      await callEndpoint(t.app, restoreBackup, {
        as: admin,
        params: { id: backup.id },
        body: { confirm: 'RESTORE' },
      })
    ).ok();
    expect(started.restore).toMatchObject({ maintenance: true, backup_id: backup.id });

    const other = await signUpUser(t.app).catch(() => null);
    expect(other).toBeNull();
    const refused = await callEndpoint(t.app, listCaches, { as: admin });
    expect(refused.status).toBe(503);
    expect(refused.error()).toMatchObject({
      error_code: 'MAINTENANCE',
      _retry_: { waiting_time: expect.any(Number) },
    });
    const during = (await callEndpoint(t.app, getRestoreStatus, { as: admin })).ok().restore;
    expect(during).toMatchObject({ maintenance: true, phase: 'waiting_writers' });

    await held.release();
    await t.app.backups.settled();
    const after = (await callEndpoint(t.app, getRestoreStatus, { as: admin })).ok().restore;
    expect(after).toMatchObject({ maintenance: false, phase: 'completed', error: null, mismatches: [] });

    expect(await roleName('backup_probe')).toBe('Before');
    expect(await roleName('backup_later')).toBeNull();
    expect((await readAll(t.platform.files, file.key)).toString()).toBe('original bytes');
    expect(await t.platform.files.stat(later.key)).toBeNull();
    expect(await probeRows()).toBe(2);

    // The product answers again, the backups taken are all still listed, and the restore is recorded.
    const listed = (await callEndpoint(t.app, listBackups, { as: admin })).ok();
    expect(listed.items.map((item) => item.id)).toContain(backup.id);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.action, 'backups.restore'));
    expect(records.some((record) => record.result === 'success' && record.after?.phase === 'completed')).toBe(
      true,
    );
    // Identity and serial columns go on after the restored rows.
    await t.platform.db
      .insert(operationRecords)
      .values({ action: 'probe', targetType: 'probe', result: 'success' });
  }, 60_000);

  it('keeps the schedule and retention: older completed backups beyond it are deleted', async () => {
    const invalid = await callEndpoint(t.app, putBackupSettings, {
      as: admin,
      body: { schedule_enabled: true, interval_hours: 0, retention: 1 },
    });
    expect(invalid.error().fields).toHaveProperty('interval_hours');
    const saved = await callEndpoint(t.app, putBackupSettings, {
      as: admin,
      body: { schedule_enabled: true, interval_hours: 12, retention: 1 },
    });
    expect(saved.ok().settings).toEqual({ schedule_enabled: true, interval_hours: 12, retention: 1 });
    expect((await callEndpoint(t.app, getBackupSettings, { as: admin })).ok().settings.interval_hours).toBe(
      12,
    );

    const scheduled = await t.app.backups.scheduledTick();
    expect(scheduled?.trigger).toBe('scheduled');
    // Not due again within the interval.
    expect(await t.app.backups.scheduledTick()).toBeNull();
    const listed = (await callEndpoint(t.app, listBackups, { as: admin })).ok();
    expect(listed.items.filter((item) => item.status === 'completed').map((item) => item.id)).toEqual([
      scheduled?.id,
    ]);

    const removed = await callEndpoint(t.app, deleteBackup, {
      as: admin,
      params: { id: scheduled?.id ?? '' },
    });
    expect(removed.ok().deleted).toBe(true);
    expect((await callEndpoint(t.app, listBackups, { as: admin })).ok().items).not.toContainEqual(
      expect.objectContaining({ id: scheduled?.id }),
    );
  });

  it('refuses ordinary users', async () => {
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, listBackups, { as: user })).status).toBe(403);
    expect((await callEndpoint(t.app, takeBackup, { as: user })).status).toBe(403);
  });
});
