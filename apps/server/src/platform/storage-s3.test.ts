import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { describe, expect, it } from 'vitest';
import { describeObjectStore } from './object-store.contract';
import { createS3ObjectStore } from './storage-s3';

/** A real S3-protocol server (s3rver) on a free port, with its own bucket. */
async function startS3() {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'test-bucket', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const store = createS3ObjectStore({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'test-bucket',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  const close = async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
  return { store, close };
}

describeObjectStore('s3 (s3rver)', startS3, { measureMemory: false });

describe('s3 presigned links', () => {
  it('download the bytes under the original name, without any credentials', async () => {
    const { store, close } = await startS3();
    try {
      const body = Buffer.from('hello from s3');
      const { key } = await store.put(body, { ext: 'pdf', contentType: 'application/pdf' });
      const url = await store.signedUrl(key, {
        fileName: '报告 2026.pdf',
        contentType: 'application/pdf',
        disposition: 'attachment',
        expiresInSeconds: 60,
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/test-bucket\//);
      const res = await fetch(url ?? '');
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
      expect(res.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent('报告 2026.pdf')}`,
      );
    } finally {
      await close();
    }
  });
});
