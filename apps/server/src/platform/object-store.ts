import path from 'node:path';
import type { Config } from '../config';
import { createLocalObjectStore, type ObjectStore } from './storage';

/**
 * The configured backend: S3 when S3_BUCKET is set (its credentials then required), else the
 * local disk under DATA_DIR/files. The AWS SDK is loaded only when S3 is used.
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (!config.S3_BUCKET) return createLocalObjectStore(path.join(config.DATA_DIR, 'files'));
  if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  }
  const { createS3ObjectStore } = await import('./storage-s3');
  return createS3ObjectStore({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
