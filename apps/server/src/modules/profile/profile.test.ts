import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(filename: string, content: Buffer, field = 'file', type = 'image/png') {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('GET answers the username, masked e-mail, main bound account, avatar and creation time', async () => {
    const user = await signUpUser(t.app, { email: 'jonathan.p@example.com', name: 'Jonathan' });
    const res = await get('/api/account/profile', user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.userId,
      username: 'Jonathan',
      email: 'j******p@example.com',
      email_verified: false,
      main_bound_account: 'j******p@example.com',
      avatar_url: null,
    });
    expect(Math.abs(res.json().created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('PATCH changes the username (trimmed); bad input names the field and changes nothing', async () => {
    const user = await signUpUser(t.app, { name: 'Before' });
    for (const [payload, message] of [
      [{}, undefined],
      [{ username: '   ' }, 'Enter your name'],
      [{ username: 'x'.repeat(65) }, 'Input exceeds maximum length'],
      [{ username: 42 }, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/account/profile',
        headers: user.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['username']);
      if (message) expect(res.json().fields.username).toBe(message);
    }
    expect((await get('/api/account/profile', user.auth)).json().username).toBe('Before');

    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: user.auth,
      payload: { username: '  After Name  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe('After Name');
    expect((await get('/api/user/basic-infos', user.auth)).json().username).toBe('After Name');
    const max = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: user.auth,
      payload: { username: 'y'.repeat(64) },
    });
    expect(max.statusCode).toBe(200);
  });

  const upload = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/profile/avatar',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });

  async function avatarRows(userId: string) {
    return t.platform.db.select().from(files).where(eq(files.ownerId, userId));
  }

  it('refuses a file named .png whose content is text, an empty file, and a missing file', async () => {
    const user = await signUpUser(t.app);
    const text = await upload(user.auth, multipart('avatar.png', Buffer.from('I am not a picture at all')));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { file: 'Uploaded file type is wrong' },
    });
    const empty = await upload(user.auth, multipart('avatar.png', Buffer.alloc(0)));
    expect(empty.json().fields).toEqual({ file: 'The file is empty' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile/avatar',
      headers: user.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ file: 'Choose a file to upload' });
    expect(await avatarRows(user.userId)).toEqual([]);
    expect((await get('/api/account/profile', user.auth)).json().avatar_url).toBeNull();
  });

  it('refuses an image larger than 2 MB, naming the field', async () => {
    const user = await signUpUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(user.auth, multipart('big.png', big));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ file: 'Uploaded file is larger than allowed' });
    expect(await avatarRows(user.userId)).toEqual([]);
  });

  it('stores a real PNG by content (whatever its name), serves it publicly, replaces the previous one', async () => {
    const user = await signUpUser(t.app);
    const first = await upload(user.auth, multipart('me.txt', PNG, 'file', 'text/plain'));
    expect(first.statusCode).toBe(200);
    const url = first.json().avatar_url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const revalidated = await get(url, { 'if-none-match': String(served.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

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
    expect((await get('/api/user/basic-infos', user.auth)).json().avatar_url).toBe(url);
    expect((await get('/api/account/profile', user.auth)).json().avatar_url).toBe(url);

    const second = await upload(user.auth, multipart('next.gif', GIF, 'avatar', 'image/gif'));
    expect(second.statusCode).toBe(200);
    const next = await get(second.json().avatar_url);
    expect(next.headers['content-type']).toBe('image/gif');
    expect((await get(url)).statusCode).toBe(404);
    const rows = await avatarRows(user.userId);
    expect(rows).toHaveLength(1);
    await expect(t.platform.files.get(row?.storageKey ?? '')).rejects.toThrow();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/profile/avatar',
      headers: user.auth,
    });
    expect(removed.json()).toMatchObject({ avatar_url: null });
    expect((await get(second.json().avatar_url)).statusCode).toBe(404);
    expect(await avatarRows(user.userId)).toEqual([]);
  });

  it('GET /api/files/{id} serves only public files', async () => {
    const user = await signUpUser(t.app);
    const key = await t.platform.files.put(PNG, 'png');
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
    const privateFile = await get(`/api/files/${secret?.id}`, user.auth);
    expect(privateFile.statusCode).toBe(404);
    expect(privateFile.json().error_code).toBe('NOT_FOUND');
    expect((await get('/api/files/does-not-exist')).statusCode).toBe(404);
  });
});
