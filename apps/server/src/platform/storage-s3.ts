import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertObjectKey,
  byteCounter,
  contentDisposition,
  keyForPut,
  ObjectMissing,
  type ObjectStore,
  toReadable,
} from './storage';

export interface S3Options {
  /** Unset for AWS itself; MinIO, R2, a test's s3rver otherwise. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/**
 * The S3-compatible backend. Bodies stream through a multipart `Upload` (its size is unknown
 * until the end) and come back as the SDK's Node stream; presigned GET URLs serve downloads in a
 * new window. Checksums are only sent when an operation requires them: S3-compatible servers
 * (and s3rver in the tests) do not all know the newer checksum headers.
 */
export function createS3ObjectStore(options: S3Options): ObjectStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const remove = async (key: string) => {
    assertObjectKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  };

  return {
    backend: 's3',
    async put(body, putOptions) {
      const key = keyForPut(putOptions);
      const counter = byteCounter(putOptions.maxBytes);
      const source = toReadable(body);
      // A failure on the way in (the counter refusing, the client going away) ends the upload.
      source.on('error', (error) => counter.destroy(error));
      source.pipe(counter);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: putOptions.contentType },
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        // A small body goes up in one PutObject that may have finished before the refusal.
        await remove(key).catch(() => undefined);
        throw counter.errored ?? error;
      }
      return { key, size: counter.bytes };
    },
    async get(key, range) {
      assertObjectKey(key);
      const header = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      const answer = await client
        .send(new GetObjectCommand({ Bucket, Key: key, Range: header }))
        .catch((error: unknown) => {
          if (isMissing(error)) throw new ObjectMissing(key);
          throw error;
        });
      // Ranged: `bytes a-b/total`; whole: the length is the size.
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = match ? Number(match[3]) : Number(answer.ContentLength ?? 0);
      const start = match ? Number(match[1]) : 0;
      const end = match ? Number(match[2]) : size - 1;
      return { body: answer.Body as Readable, size, start, end };
    },
    async stat(key) {
      assertObjectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove,
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY.test(object.Key))
            yield { key: object.Key, size: Number(object.Size ?? 0), lastModified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async signedUrl(key, urlOptions) {
      assertObjectKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: contentDisposition(urlOptions.disposition, urlOptions.fileName),
          ResponseContentType: urlOptions.contentType,
        }),
        { expiresIn: urlOptions.expiresInSeconds },
      );
    },
  };
}
