import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createStorageFileLink,
  deleteStorageFile,
  getStorageUsage,
  listStorageFiles,
  zUploadResponse,
} from '@app/contract/storage/files';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { multipartBody } from '../../test/multipart';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

/**
 * The storage API as a user meets it, on the S3 backend: a real S3-protocol server (s3rver)
 * started here, the server configured by its S3_* settings only. The same calls as on local disk.
 */
describe('storage API on the S3 backend (s3rver)', () => {
  let t: TestApp;
  let s3: S3rver;
  let directory: string;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 's3rver-api-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'app-files', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    t = await createTestApp({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'app-files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    user = await signUpUser(t.app, { name: 'Sam' });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('upload, list, a presigned download of the same bytes (whole and a range), usage, delete', async () => {
    const content = Buffer.from(Array.from({ length: 2000 }, (_, i) => `${i % 10}`).join(''));
    const body = multipartBody([{ name: 'Résumé 2026.csv', content, type: 'text/csv' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/storage/upload',
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = zUploadResponse.parse(res.json()).result;
    expect(item?.status).toBe('success');
    const id = item?.file?.id ?? '';

    const listed = (await callEndpoint(t.app, listStorageFiles, { query: {}, as: user })).ok();
    expect(listed.items.map((file) => file.name)).toEqual(['Résumé 2026.csv']);

    // S3 hands out its own presigned URL: the file goes from the store to the browser directly.
    const link = (
      await callEndpoint(t.app, createStorageFileLink, {
        params: { id },
        body: { disposition: 'attachment' },
        as: user,
      })
    ).ok();
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app-files\//);
    const whole = await fetch(link.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
    expect(whole.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Résumé 2026.csv')}`,
    );
    const part = await fetch(link.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(100, 200))).toBe(true);

    const usage = (await callEndpoint(t.app, getStorageUsage, { as: user })).ok();
    expect(usage.used_bytes).toBe(content.length);

    (await callEndpoint(t.app, deleteStorageFile, { params: { id }, as: user })).ok();
    const keys: string[] = [];
    for await (const object of t.platform.files.list()) keys.push(object.key);
    expect(keys).toEqual([]);
    expect((await callEndpoint(t.app, getStorageUsage, { as: user })).ok().used_bytes).toBe(0);
  });
});
