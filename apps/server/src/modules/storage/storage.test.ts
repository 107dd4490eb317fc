import { listOperationRecords } from '@app/contract/admin/logs/list-operation-records';
import {
  checkStorageOrphans,
  cleanStorageOrphans,
  deleteAdminStorageFile,
  getAdminStorageStat,
  listAdminStorageFiles,
} from '@app/contract/storage/admin-storage';
import {
  adminUploadStorageFiles,
  createStorageFileLink,
  deleteStorageFile,
  downloadStorageFile,
  getStorageUsage,
  listStorageFiles,
  updateStorageFile,
  uploadStorageFiles,
} from '@app/contract/storage/files';
import {
  createStorageFolder,
  deleteStorageFolder,
  listStorageFolders,
  updateStorageFolder,
} from '@app/contract/storage/folders';
import { USER_NAME_TEXT } from '@app/contract/storage/user-name';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, teamMembers, teamStorage } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { type FilePart, uploadThrough } from '../../test/multipart';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { FREE_PLAN } from '../billing/free-plan';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
const CSV = Buffer.from('date,channel,sessions\n2026-11-01,organic,120\n');

type Caller = Awaited<ReturnType<typeof signUpUser>>;

describe('storage: upload, folders, files, links, quota', () => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  let aliceTeam: string;

  const uploaded = async (who: Caller, parts: FilePart[], fields: Record<string, string> = {}) => {
    const res = await uploadThrough(t.app, uploadStorageFiles, { as: who, files: parts, fields });
    expect(res.status, res.text).toBe(200);
    return res.ok().result;
  };
  /** A signed link as the browser follows it, through the download contract. */
  const follow = (url: string, headers: Record<string, string> = {}) => {
    const parsed = new URL(url, 'http://server');
    expect(parsed.pathname).toBe(downloadStorageFile.path);
    return callEndpoint(t.app, downloadStorageFile, {
      query: { token: parsed.searchParams.get('token') ?? '' },
      headers,
    });
  };
  const teamOf = async (userId: string) => {
    const [row] = await t.platform.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId));
    return row?.teamId ?? '';
  };
  const counter = async (teamId: string) => {
    const [row] = await t.platform.db.select().from(teamStorage).where(eq(teamStorage.teamId, teamId));
    return row ?? { usedBytes: 0, filesCount: 0 };
  };
  /** The independent count: the sizes of the team's file rows, summed by the database. */
  const sumOfRows = async (teamId: string) => {
    const [row] = await t.platform.db
      .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
      .from(files)
      .where(eq(files.teamId, teamId));
    return row?.bytes ?? 0;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
    bob = await signUpUser(t.app, { name: 'Bob' });
    aliceTeam = await teamOf(alice.userId);
  });
  afterAll(() => t.close());

  it('each file gets its own result: the type is decided by content, an empty file and a disguised zip are refused', async () => {
    const result = await uploaded(alice, [
      { name: 'logo.png', content: PNG, type: 'image/png' },
      { name: 'archive.png', content: ZIP, type: 'image/png' },
      { name: 'empty.csv', content: Buffer.alloc(0) },
      { name: 'sessions.csv', content: CSV, type: 'text/csv' },
      { name: 'tool.exe', content: Buffer.from('MZ\x90\0rest') },
    ]);
    expect(result.map((item) => [item.name, item.status, item.error])).toEqual([
      ['logo.png', 'success', null],
      ['archive.png', 'failure', 'type_limit'],
      ['empty.csv', 'failure', 'empty_file'],
      ['sessions.csv', 'success', null],
      ['tool.exe', 'failure', 'type_limit'],
    ]);
    expect(result[0]?.file).toMatchObject({
      mime: 'image/png',
      size: PNG.length,
      ext: 'png',
      folder_id: null,
    });
    expect(result[3]?.file).toMatchObject({ mime: 'text/csv', size: CSV.length });
    // Counted once each, and only what was kept.
    expect((await counter(aliceTeam)).usedBytes).toBe(await sumOfRows(aliceTeam));
  });

  it('hostile names are kept as metadata only: no path, no control or bidi characters, at most 255', async () => {
    const result = await uploaded(alice, [
      { name: '../../etc/x.csv', content: CSV },
      { name: 'a\u0000b.csv', content: CSV },
      { name: `${'n'.repeat(300)}.csv`, content: CSV },
      { name: 'invoice\u202Egpj.csv', content: CSV },
    ]);
    const names = result.map((item) => item.file?.name ?? `refused ${item.error}`);
    expect(names[0]).toBe('x.csv');
    expect(names[1]).toBe('ab.csv');
    expect(names[2]?.length).toBe(255);
    expect(names[2]?.endsWith('.csv')).toBe(true);
    expect(names[3]).toBe('invoicegpj.csv');
  });

  it('more than 10 files: the extra ones fail with the spec text; over 20 MB: size_limit, nothing kept', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `f${i}.txt`,
      content: Buffer.from(`file ${i}`),
    }));
    const result = await uploaded(bob, eleven);
    expect(result.filter((item) => item.status === 'success')).toHaveLength(10);
    expect(result[10]).toMatchObject({ status: 'failure', why: 'Maximum number of uploads exceeded.' });

    const bobTeam = await teamOf(bob.userId);
    const before = await counter(bobTeam);
    const big = Buffer.concat([Buffer.from('x,y\n'), Buffer.alloc(20 * 1024 * 1024, 0x61)]);
    const [tooBig] = await uploaded(bob, [{ name: 'big.csv', content: big }]);
    expect(tooBig).toMatchObject({ status: 'failure', error: 'size_limit' });
    expect(await counter(bobTeam)).toMatchObject({
      usedBytes: before.usedBytes,
      filesCount: before.filesCount,
    });
    const stored: string[] = [];
    for await (const object of t.platform.files.list()) stored.push(object.key);
    const rows = await t.platform.db.select({ key: files.storageKey }).from(files);
    expect(stored.sort()).toEqual(rows.map((row) => row.key).sort());
  });

  it('20 parallel uploads against a nearly full quota never pass it together', async () => {
    const carol = await signUpUser(t.app, { name: 'Carol' });
    const team = await teamOf(carol.userId);
    const each = Buffer.from(`${'c'.repeat(1023)}\n`);
    const room = 5 * each.length + 100;
    // The team already keeps all but `room` bytes (as if earlier uploads filled it).
    await t.platform.db
      .insert(teamStorage)
      .values({ teamId: team, usedBytes: FREE_PLAN.storage_limit_bytes - room, filesCount: 0 })
      .onConflictDoUpdate({
        target: teamStorage.teamId,
        set: { usedBytes: FREE_PLAN.storage_limit_bytes - room },
      });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => uploaded(carol, [{ name: `part-${i}.txt`, content: each }])),
    );
    const outcomes = results.map((result) => result[0]);
    expect(outcomes.filter((item) => item?.status === 'success')).toHaveLength(5);
    expect(outcomes.filter((item) => item?.error === 'space_size_limit')).toHaveLength(15);
    expect(outcomes.find((item) => item?.error === 'space_size_limit')?.why).toBe(
      'The data space is full, please clear some data first.',
    );
    const used = (await counter(team)).usedBytes;
    expect(used).toBeLessThanOrEqual(FREE_PLAN.storage_limit_bytes);
    expect(used).toBe(FREE_PLAN.storage_limit_bytes - room + 5 * each.length);
  });

  it('folders: a tree, unique names among siblings, no move into itself, delete asks with the file count', async () => {
    const reports = (
      await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Reports' }, as: alice })
    ).ok();
    const q4 = (
      await callEndpoint(t.app, createStorageFolder, {
        body: { folder: 'Q4', parent_id: reports.id },
        as: alice,
      })
    ).ok();
    const taken = await callEndpoint(t.app, createStorageFolder, { body: { folder: 'reports' }, as: alice });
    expect(taken.status).toBe(409);
    expect(taken.error().fields).toEqual({ folder: 'A folder with this name is already there' });
    const unknownProject = await callEndpoint(t.app, createStorageFolder, {
      body: { folder: 'Elsewhere', project_id: 'nope' },
      as: alice,
    });
    expect(unknownProject.error().fields).toEqual({ project_id: 'Project not found' });
    const slash = await callEndpoint(t.app, createStorageFolder, { body: { folder: 'a/b' }, as: alice });
    expect(slash.error().fields?.folder).toBe(USER_NAME_TEXT.invalid);

    const intoItself = await callEndpoint(t.app, updateStorageFolder, {
      params: { id: reports.id },
      body: { parent_id: q4.id },
      as: alice,
    });
    expect(intoItself.error().fields).toEqual({ parent_id: 'A folder cannot move into itself' });

    const [inQ4] = await uploaded(alice, [{ name: 'q4.csv', content: CSV }], { folder_id: q4.id });
    const [byPath] = await uploaded(alice, [{ name: 'deep.csv', content: CSV }], {
      folder: 'Reports/Q4/Weekly',
    });
    expect(inQ4?.file?.folder_id).toBe(q4.id);

    const tree = (await callEndpoint(t.app, listStorageFolders, { query: {}, as: alice })).ok().folders;
    const reportsNode = tree.find((node) => node.folder === 'Reports');
    expect(reportsNode?.sub_folders.map((node) => node.folder)).toEqual(['Q4']);
    expect(reportsNode?.sub_folders[0]?.sub_folders[0]).toMatchObject({ folder: 'Weekly', files_count: 1 });
    expect(reportsNode?.sub_folders[0]?.files_count).toBe(1);

    const usedBefore = (await counter(aliceTeam)).usedBytes;
    const ask = await callEndpoint(t.app, deleteStorageFolder, {
      params: { id: reports.id },
      query: {},
      as: alice,
    });
    expect(ask.status).toBe(409);
    expect(ask.error().files_count).toBe(2);
    const gone = (
      await callEndpoint(t.app, deleteStorageFolder, {
        params: { id: reports.id },
        query: { confirm_files: 2 },
        as: alice,
      })
    ).ok();
    expect(gone.deleted_files).toBe(2);
    expect((await counter(aliceTeam)).usedBytes).toBe(usedBefore - 2 * CSV.length);
    const key = await t.platform.db
      .select()
      .from(files)
      .where(eq(files.id, byPath?.file?.id ?? ''));
    expect(key).toEqual([]);
  });

  it('files: list by folder and name, rename keeps the extension, move, and nobody reaches another team’s file', async () => {
    const folder = (
      await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Inbox' }, as: alice })
    ).ok();
    const [item] = await uploaded(alice, [{ name: 'leads.csv', content: CSV }]);
    const id = item?.file?.id ?? '';
    const renamed = (
      await callEndpoint(t.app, updateStorageFile, {
        params: { id },
        body: { name: 'Leads 2026', folder_id: folder.id },
        as: alice,
      })
    ).ok();
    expect(renamed.file).toMatchObject({ name: 'Leads 2026.csv', folder_id: folder.id });

    const inFolder = (
      await callEndpoint(t.app, listStorageFiles, { query: { folder_id: folder.id }, as: alice })
    ).ok();
    expect(inFolder.items.map((file) => file.name)).toEqual(['Leads 2026.csv']);
    const search = (
      await callEndpoint(t.app, listStorageFiles, { query: { q: 'leads 20' }, as: alice })
    ).ok();
    expect(search.total).toBe(1);
    const bySize = (
      await callEndpoint(t.app, listStorageFiles, {
        query: { filters: JSON.stringify([{ field: 'ext', operator: 'eq', value: 'png' }]) },
        as: alice,
      })
    ).ok();
    expect(bySize.items.every((file) => file.ext === 'png')).toBe(true);

    for (const call of [
      callEndpoint(t.app, updateStorageFile, { params: { id }, body: { name: 'mine' }, as: bob }),
      callEndpoint(t.app, deleteStorageFile, { params: { id }, as: bob }),
      callEndpoint(t.app, createStorageFileLink, { params: { id }, body: {}, as: bob }),
    ]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.error().error_code).toBe('NOT_FOUND');
    }
    const bobFiles = (await callEndpoint(t.app, listStorageFiles, { query: { q: 'leads' }, as: bob })).ok();
    expect(bobFiles.total).toBe(0);
  });

  it('a signed link downloads the exact bytes under the original name, honours ranges, and cannot be forged', async () => {
    const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => `${i % 10}`).join(''));
    const [item] = await uploaded(alice, [{ name: '报告 final;v2.txt', content }]);
    const id = item?.file?.id ?? '';
    const link = (
      await callEndpoint(t.app, createStorageFileLink, {
        params: { id },
        body: { disposition: 'attachment' },
        as: alice,
      })
    ).ok();
    expect(link.url).toMatch(/^\/api\/storage\/download\?token=/);
    const whole = await follow(link.url);
    expect(whole.status).toBe(200);
    expect(whole.raw.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toMatch(/^text\/plain/);
    const disposition = String(whole.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('报告 final;v2.txt')}`);
    expect(disposition).not.toMatch(/filename="[^"]*"[^;]*"/);

    const part = await follow(link.url, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.raw.equals(content.subarray(10, 20))).toBe(true);

    const forged = `${link.url.slice(0, -3)}abc`;
    expect((await follow(forged)).status).toBe(404);
    expect((await callEndpoint(t.app, downloadStorageFile, { query: { token: 'not-a-token' } })).status).toBe(
      404,
    );
  });

  it('usage reports the bytes kept, by type, against the quota; it equals the sum of the rows', async () => {
    const usage = (await callEndpoint(t.app, getStorageUsage, { as: alice })).ok();
    expect(usage.limit_bytes).toBe(FREE_PLAN.storage_limit_bytes);
    expect(usage.used_bytes).toBe(await sumOfRows(aliceTeam));
    expect(usage.by_type.reduce((sum, row) => sum + row.bytes, 0)).toBe(usage.used_bytes);
    expect(usage.by_type.find((row) => row.ext === 'png')).toMatchObject({ bytes: PNG.length, files: 1 });
    // usm_quota in basic infos says the same.
    const infos = await callEndpoint(t.app, getBasicInfos, { as: alice });
    expect(infos.ok().usm_quota).toMatchObject({
      storage_used_bytes: usage.used_bytes,
      storage_limit_bytes: FREE_PLAN.storage_limit_bytes,
    });
  });

  it('the admin variant uploads into a given team, leaves an operation record, and is refused to users', async () => {
    const admin = await signInAdmin(t.app);
    const res = await uploadThrough(t.app, adminUploadStorageFiles, {
      as: admin,
      query: { team_id: aliceTeam },
      files: [{ name: 'from-admin.csv', content: CSV }],
    });
    expect(res.ok().result[0]?.status).toBe('success');
    const records = (
      await callEndpoint(t.app, listOperationRecords, { query: { q: 'storage.upload' }, as: admin })
    ).ok();
    expect(records.items[0]).toMatchObject({ action: 'storage.upload', target_id: aliceTeam });
    const refused = await callEndpoint(t.app, adminUploadStorageFiles, { query: {}, as: alice });
    expect(refused.status).toBe(403);
  });

  it('admin: every team’s files searchable by team, totals that equal the rows, delete with a record', async () => {
    const admin = await signInAdmin(t.app);
    const byTeam = (
      await callEndpoint(t.app, listAdminStorageFiles, {
        query: { filters: JSON.stringify([{ field: 'team_name', operator: 'contains', value: 'Alice' }]) },
        as: admin,
      })
    ).ok();
    expect(byTeam.total).toBeGreaterThan(0);
    expect(byTeam.items.every((file) => file.team.id === aliceTeam)).toBe(true);

    const stat = (await callEndpoint(t.app, getAdminStorageStat, { as: admin })).ok();
    const [all] = await t.platform.db
      .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
      .from(files)
      .where(sql`${files.teamId} is not null`);
    expect(stat.total_bytes).toBe(all?.bytes);
    expect(stat.by_month.reduce((sum, row) => sum + row.bytes, 0)).toBe(stat.total_bytes);
    expect(stat.by_type.reduce((sum, row) => sum + row.bytes, 0)).toBe(stat.total_bytes);
    expect(stat.by_team.find((row) => row.team_id === aliceTeam)?.bytes).toBe(await sumOfRows(aliceTeam));
    expect(stat.nearest_quota[0]?.bytes).toBeGreaterThan(FREE_PLAN.storage_limit_bytes / 2);

    const victim = byTeam.items[0]?.id ?? '';
    expect(
      (await callEndpoint(t.app, deleteAdminStorageFile, { params: { id: victim }, as: alice })).status,
    ).toBe(403);
    (await callEndpoint(t.app, deleteAdminStorageFile, { params: { id: victim }, as: admin })).ok();
    const records = (
      await callEndpoint(t.app, listOperationRecords, { query: { q: 'storage.file.delete' }, as: admin })
    ).ok();
    expect(records.items[0]).toMatchObject({ action: 'storage.file.delete', target_id: victim });
  });

  it('admin: the orphan check finds rows without bytes (and leaves fresh objects alone), and cleans them', async () => {
    const admin = await signInAdmin(t.app);
    const [item] = await uploaded(alice, [{ name: 'lost.csv', content: CSV }]);
    const [row] = await t.platform.db
      .select()
      .from(files)
      .where(eq(files.id, item?.file?.id ?? ''));
    await t.platform.files.remove(row?.storageKey ?? '');
    // An object with no row, written just now: maybe an upload in flight, so not an orphan yet.
    const fresh = await t.platform.files.put(CSV, { ext: 'csv', contentType: 'text/csv' });

    const report = (await callEndpoint(t.app, checkStorageOrphans, { as: admin })).ok();
    expect(report.rows_without_object.map((entry) => entry.id)).toEqual([item?.file?.id]);
    expect(report.objects_without_row.map((entry) => entry.key)).not.toContain(fresh.key);

    const usedBefore = (await counter(aliceTeam)).usedBytes;
    const cleaned = (await callEndpoint(t.app, cleanStorageOrphans, { as: admin })).ok();
    expect(cleaned.rows_removed).toBe(1);
    expect((await counter(aliceTeam)).usedBytes).toBe(usedBefore - CSV.length);
    expect((await callEndpoint(t.app, checkStorageOrphans, { as: admin })).ok().rows_without_object).toEqual(
      [],
    );
    expect(await t.platform.files.stat(fresh.key)).not.toBeNull();
  });
});
