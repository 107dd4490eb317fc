import { deleteProfileAvatar, postProfileAvatar } from '@app/contract/account/profile/avatar';
import { getProfile, patchProfile } from '@app/contract/account/profile/profile';
import { getPublicFile, publicFileUrl } from '@app/contract/files/get-file';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { type FilePart, uploadThrough } from '../../test/multipart';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(name: string, content: Buffer, field = 'file', type = 'image/png'): FilePart {
  return { field, name, content, type };
}

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = async (as: Caller) => (await callEndpoint(t.app, getProfile, { as })).ok();
  const basicInfos = async (as: Caller) => (await callEndpoint(t.app, getBasicInfos, { as })).ok();
  /** The public file an answered URL points at, fetched through its contract. */
  const fetchFile = (url: string | null, headers: Record<string, string> = {}) => {
    const id = decodeURIComponent(url?.split('/').at(-1) ?? '');
    expect(publicFileUrl(id)).toBe(url);
    return callEndpoint(t.app, getPublicFile, { params: { id }, headers });
  };

  it('GET answers the username, masked e-mail, main bound account, avatar and creation time', async () => {
    const user = await signUpUser(t.app, { email: 'jonathan.p@example.com', name: 'Jonathan' });
    const res = await profile(user);
    expect(res).toMatchObject({
      id: user.userId,
      username: 'Jonathan',
      email: 'j******p@example.com',
      email_verified: false,
      main_bound_account: 'j******p@example.com',
      avatar_url: null,
    });
    expect(Math.abs(res.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('PATCH changes the username (trimmed); bad input names the field and changes nothing', async () => {
    const user = await signUpUser(t.app, { name: 'Before' });
    for (const [body, message] of [
      [{}, undefined],
      [{ username: '   ' }, 'Enter your name'],
      [{ username: 'x'.repeat(65) }, 'Input exceeds maximum length'],
      [{ username: 42 }, undefined],
    ] as const) {
      // Bodies the contract refuses (missing, not text), sent on purpose.
      const res = await callEndpointRaw(t.app, patchProfile, { as: user, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual(['username']);
      if (message) expect(res.error().fields?.username).toBe(message);
    }
    expect((await profile(user)).username).toBe('Before');

    const rename = (username: string) => callEndpoint(t.app, patchProfile, { as: user, body: { username } });
    expect((await rename('  After Name  ')).ok().username).toBe('After Name');
    expect((await basicInfos(user)).username).toBe('After Name');
    expect((await rename('y'.repeat(64))).status).toBe(200);
  });

  const upload = (as: Caller, file: FilePart) =>
    uploadThrough(t.app, postProfileAvatar, { as, files: [file] });

  async function avatarRows(userId: string) {
    return t.platform.db.select().from(files).where(eq(files.ownerId, userId));
  }

  it('refuses a file named .png whose content is text, an empty file, and a missing file', async () => {
    const user = await signUpUser(t.app);
    const text = await upload(user, multipart('avatar.png', Buffer.from('I am not a picture at all')));
    expect(text.status).toBe(400);
    expect(text.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { file: 'Uploaded file type is wrong' },
    });
    const empty = await upload(user, multipart('avatar.png', Buffer.alloc(0)));
    expect(empty.error().fields).toEqual({ file: 'The file is empty' });
    // JSON where a form is expected, sent on purpose.
    const json = await callEndpointRaw(t.app, postProfileAvatar, { as: user, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.error().fields).toEqual({ file: 'Choose a file to upload' });
    expect(await avatarRows(user.userId)).toEqual([]);
    expect((await profile(user)).avatar_url).toBeNull();
  });

  it('refuses an image larger than 2 MB with 413, naming the field', async () => {
    const user = await signUpUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(user, multipart('big.png', big));
    expect(res.status).toBe(413);
    expect(res.error().fields).toEqual({ file: 'Uploaded file is larger than allowed' });
    expect(await avatarRows(user.userId)).toEqual([]);
  });

  it('stores a real PNG by content (whatever its name), serves it publicly, replaces the previous one', async () => {
    const user = await signUpUser(t.app);
    const first = await upload(user, multipart('me.txt', PNG, 'file', 'text/plain'));
    const url = first.ok().avatar_url;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const served = await fetchFile(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.raw.equals(PNG)).toBe(true);
    const revalidated = await fetchFile(url, { 'if-none-match': String(served.headers.etag) });
    expect(revalidated.status).toBe(304);

    const [row] = await avatarRows(user.userId);
    expect(row).toMatchObject({
      kind: 'avatar',
      public: true,
      mime: 'image/png',
      size: PNG.length,
      name: 'me.txt',
    });
    const [userRow] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    expect(userRow?.image).toBe(url);
    expect((await basicInfos(user)).avatar_url).toBe(url);
    expect((await profile(user)).avatar_url).toBe(url);

    const second = await upload(user, multipart('next.gif', GIF, 'avatar', 'image/gif'));
    const nextUrl = second.ok().avatar_url;
    const next = await fetchFile(nextUrl);
    expect(next.headers['content-type']).toBe('image/gif');
    expect((await fetchFile(url)).status).toBe(404);
    const rows = await avatarRows(user.userId);
    expect(rows).toHaveLength(1);
    await expect(t.platform.files.get(row?.storageKey ?? '')).rejects.toThrow();

    const removed = await callEndpoint(t.app, deleteProfileAvatar, { as: user });
    expect(removed.ok()).toMatchObject({ avatar_url: null });
    expect((await fetchFile(nextUrl)).status).toBe(404);
    expect(await avatarRows(user.userId)).toEqual([]);
  });

  it(`${getPublicFile.id} serves only public files`, async () => {
    const user = await signUpUser(t.app);
    const { key } = await t.platform.files.put(PNG, { ext: 'png', contentType: 'image/png' });
    const [secret] = await t.platform.db
      .insert(files)
      .values({
        kind: 'upload',
        storageKey: key,
        name: 'x.png',
        mime: 'image/png',
        size: PNG.length,
        ownerId: user.userId,
      })
      .returning({ id: files.id });
    const privateFile = await callEndpoint(t.app, getPublicFile, {
      as: user,
      params: { id: secret?.id ?? '' },
    });
    expect(privateFile.status).toBe(404);
    expect(privateFile.error().error_code).toBe('NOT_FOUND');
    expect((await callEndpoint(t.app, getPublicFile, { params: { id: 'does-not-exist' } })).status).toBe(404);
  });
});
