import { createStorageFileLink, downloadStorageFile, listStorageFiles } from '@app/contract/storage/files';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, teamMembers, teamStorage } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { FREE_PLAN } from '../billing/free-plan';
import { SPACE_FULL, storeGeneratedFile } from './generated-files';

const CSV = Buffer.from('channel,sessions\nOrganic Search,1200\nDirect,800\n');

/**
 * Files the product makes (issue 23): kept in the team's storage as generated, counted against
 * the quota, listed on the storage page, downloaded through the signed links; one that does not
 * fit is refused and nothing of it is kept.
 */
describe('generated files', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpUser>>;
  let teamId: string;

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of t.platform.files.list()) keys.push(object.key);
    return keys.sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
    const [row] = await t.platform.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, alice.userId));
    teamId = row?.teamId ?? '';
  });
  afterAll(() => t.close());

  it('keeps the bytes as a generated file of the team, listed, counted and downloadable', async () => {
    const before = (await callEndpoint(t.app, getBasicInfos, { as: alice })).ok();
    const file = await storeGeneratedFile(
      t.platform,
      { teamId, userId: alice.userId },
      { name: 'Sessions by channel', ext: 'csv', body: CSV },
    );
    expect(file).toMatchObject({
      name: 'Sessions by channel.csv',
      ext: 'csv',
      size: CSV.length,
      origin: 'generated',
      folder_id: null,
      uploaded_by: { id: alice.userId },
    });

    const listed = (await callEndpoint(t.app, listStorageFiles, { query: {}, as: alice })).ok();
    expect(listed.items.map((item) => [item.id, item.origin])).toEqual([[file.id, 'generated']]);

    const after = (await callEndpoint(t.app, getBasicInfos, { as: alice })).ok();
    expect(after.usm_quota.storage_used_bytes - before.usm_quota.storage_used_bytes).toBe(CSV.length);

    const link = (
      await callEndpoint(t.app, createStorageFileLink, { params: { id: file.id }, body: {}, as: alice })
    ).ok();
    const token = new URL(link.url, 'http://server').searchParams.get('token') ?? '';
    const download = await callEndpoint(t.app, downloadStorageFile, { query: { token } });
    expect(download.status).toBe(200);
    expect(download.raw.equals(CSV)).toBe(true);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('a file over the quota is refused naming the file, and nothing of it is kept', async () => {
    const keysBefore = await storedKeys();
    const [counter] = await t.platform.db.select().from(teamStorage).where(eq(teamStorage.teamId, teamId));
    // The team keeps all but 10 bytes of its quota.
    await t.platform.db
      .update(teamStorage)
      .set({ usedBytes: FREE_PLAN.storage_limit_bytes - 10 })
      .where(eq(teamStorage.teamId, teamId));
    const rowsBefore = await t.platform.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.teamId, teamId));

    const outcome = await storeGeneratedFile(
      t.platform,
      { teamId, userId: alice.userId },
      { name: 'chart.png', ext: 'png', body: Buffer.alloc(11, 1) },
    ).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).code).toBe('CONFLICT');
    expect((outcome as AppError).extras.fields).toEqual({ file: SPACE_FULL });

    const rowsAfter = await t.platform.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.teamId, teamId));
    expect(rowsAfter).toEqual(rowsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
    const [still] = await t.platform.db.select().from(teamStorage).where(eq(teamStorage.teamId, teamId));
    expect(still?.usedBytes).toBe(FREE_PLAN.storage_limit_bytes - 10);
    expect(still?.filesCount).toBe(counter?.filesCount);
  });
});
