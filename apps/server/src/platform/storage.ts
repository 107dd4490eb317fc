import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live: the local disk under DATA_DIR/files by default (an S3-compatible store
 * will implement the same interface). Keys are random and made here, never from user input.
 */
export interface FileStore {
  put(bytes: Buffer, ext: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    // Defence in depth: keys come from our database, but a path is only ever built from a key we could have made.
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(bytes, ext) {
      const id = randomBytes(16).toString('hex');
      const key = `${id.slice(0, 2)}/${id}.${
        ext
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 8) || 'bin'
      }`;
      await mkdir(path.dirname(resolve(key)), { recursive: true });
      await writeFile(resolve(key), bytes, { flag: 'wx' });
      return key;
    },
    get: async (key) => readFile(resolve(key)),
    remove: async (key) => rm(resolve(key), { force: true }),
  };
}
