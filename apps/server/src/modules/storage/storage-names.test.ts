import { listStorageFiles, updateStorageFile, uploadStorageFiles } from '@app/contract/storage/files';
import { createStorageFolder, listStorageFolders, updateStorageFolder } from '@app/contract/storage/folders';
import {
  cleanUserName,
  USER_NAME_MAX,
  USER_NAME_TEXT,
  userNameProblem,
} from '@app/contract/storage/user-name';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { uploadThrough } from '../../test/multipart';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

const CSV = Buffer.from('a,b\n1,2\n');

type Caller = Awaited<ReturnType<typeof signUpUser>>;

describe('one rule for the names a user gives (upload, rename, folders, upload folder paths)', () => {
  let t: TestApp;
  let alice: Caller;

  const upload = (name: string, fields: Record<string, string> = {}) =>
    uploadThrough(t.app, uploadStorageFiles, { as: alice, files: [{ name, content: CSV }], fields });
  const fileNames = async () =>
    (await callEndpoint(t.app, listStorageFiles, { query: {}, as: alice })).ok().items.map((f) => f.name);
  const folderNames = async () =>
    (await callEndpoint(t.app, listStorageFolders, { query: {}, as: alice }))
      .ok()
      .folders.map((f) => f.folder);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
  });
  afterAll(() => t.close());

  it('an upload cleans the name into one the rule accepts: `../x.csv` is stored as `x.csv`', async () => {
    const res = await upload('../x.csv');
    expect(res.status, res.text).toBe(200);
    expect(res.ok().result[0]?.file?.name).toBe('x.csv');
    for (const hostile of [
      '../x.csv',
      '..',
      ' .hidden.csv. ',
      'a\u0000b\u202e.csv',
      `${'n'.repeat(400)}.csv`,
    ])
      expect(userNameProblem(cleanUserName(hostile, 'csv'))).toBeNull();
  });

  it('a rename to `a/../../b.csv` is refused naming `name`, and the file keeps its name', async () => {
    const id = (await upload('leads.csv')).ok().result[0]?.file?.id ?? '';
    const res = await callEndpoint(t.app, updateStorageFile, {
      params: { id },
      body: { name: 'a/../../b.csv' },
      as: alice,
    });
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(res.error().fields).toEqual({ name: USER_NAME_TEXT.invalid });
    expect(await fileNames()).toContain('leads.csv');
    expect(await fileNames()).not.toContain('a/../../b.csv');
  });

  it(`a name over ${USER_NAME_MAX} characters is refused, also when the kept extension takes it over`, async () => {
    const id = (await upload('long.csv')).ok().result[0]?.file?.id ?? '';
    for (const name of ['n'.repeat(USER_NAME_MAX + 1), 'n'.repeat(USER_NAME_MAX - 2)]) {
      const res = await callEndpoint(t.app, updateStorageFile, { params: { id }, body: { name }, as: alice });
      expect(res.error().fields).toEqual({ name: USER_NAME_TEXT.tooLong });
    }
    const folder = await callEndpoint(t.app, createStorageFolder, {
      body: { folder: 'f'.repeat(USER_NAME_MAX + 1) },
      as: alice,
    });
    expect(folder.error().fields).toEqual({ folder: USER_NAME_TEXT.tooLong });
    expect(await fileNames()).toContain('long.csv');
  });

  it('a folder named `..` (or `.`, or with a control character) is refused on create and rename', async () => {
    for (const folder of ['..', '.', 'a\u0007b']) {
      const res = await callEndpoint(t.app, createStorageFolder, { body: { folder }, as: alice });
      expect(res.error().error_code).toBe('VALIDATION_ERROR');
      expect(res.error().fields).toEqual({ folder: USER_NAME_TEXT.invalid });
    }
    const { id } = (
      await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Kept' }, as: alice })
    ).ok();
    const renamed = await callEndpoint(t.app, updateStorageFolder, {
      params: { id },
      body: { folder: '..' },
      as: alice,
    });
    expect(renamed.error().fields).toEqual({ folder: USER_NAME_TEXT.invalid });
    expect(await folderNames()).toContain('Kept');
  });

  it('an upload folder path follows the rule per segment: `/etc` and `a/../b` are refused, nothing created', async () => {
    const before = await folderNames();
    for (const folder of ['/etc', 'a/../b', 'a//b']) {
      const res = await upload('p.csv', { folder });
      expect(res.status).toBe(400);
      expect(res.error().fields?.folder).toBeTruthy();
    }
    expect(await folderNames()).toEqual(before);
    const ok = await upload('p.csv', { folder: 'Reports/2026' });
    expect(ok.status, ok.text).toBe(200);
    expect(await folderNames()).toContain('Reports');
  });
});
