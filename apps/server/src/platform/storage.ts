import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live: the local disk under DATA_DIR/files (the default) or an S3-compatible
 * store. Every file the product keeps (avatars, logos, uploads, datasets, exports, invoices) goes
 * through this one interface. Bytes stream both ways, so a large file never sits in memory. Keys
 * are random and made here, never from user input; the user's file name is metadata only.
 */
export interface ObjectStore {
  readonly backend: 'local' | 's3';
  /** Streams `body` under a new random key; `maxBytes` stops (and removes) a body that runs over. */
  put(body: Readable | Buffer, options: PutOptions): Promise<StoredObject>;
  /** The bytes of `key`, or of the inclusive byte range `[start, end]`. Throws ObjectMissing. */
  get(key: string, range?: ByteRange): Promise<ObjectRead>;
  /** Size of `key`, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes `key`; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored object (for the orphan check). */
  list(): AsyncIterable<{ key: string; size: number; lastModified?: Date }>;
  /**
   * A short-lived link that serves `key` without a bearer header: S3's presigned URL. The local
   * disk has none (null); the app then signs its own download URL (`signDownload`).
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
}

export interface PutOptions {
  /** The extension the content type decided (never the user's), e.g. `png`. */
  ext: string;
  contentType: string;
  maxBytes?: number;
  /**
   * Put back under this key (a restore, which returns each file to the key its row names); a
   * key this store could have made, never one built from user input. New files take a random key.
   */
  key?: string;
}

/** The key a put writes to: the one asked for (checked), else a new random one. */
export function keyForPut(options: PutOptions): string {
  if (options.key === undefined) return newObjectKey(options.ext);
  assertObjectKey(options.key);
  return options.key;
}

export interface StoredObject {
  key: string;
  size: number;
}

export interface ByteRange {
  start: number;
  /** Inclusive; the end of the object when absent. */
  end?: number;
}

export interface ObjectRead {
  body: Readable;
  /** The whole object's size. */
  size: number;
  start: number;
  /** Inclusive. */
  end: number;
}

export interface SignedUrlOptions {
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  expiresInSeconds: number;
}

/** The object is not in the store (a row that outlived its bytes, a wrong key). */
export class ObjectMissing extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}

/** A body ran over `maxBytes` while streaming; nothing was kept. */
export class ObjectTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

/** A new random key `ab/abcdef....ext`: two levels so no directory holds millions of entries. */
export function newObjectKey(ext: string): string {
  const id = randomBytes(16).toString('hex');
  const clean =
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'bin';
  return `${id.slice(0, 2)}/${id}.${clean}`;
}

/** Keys come from our database, but a path or object name is only built from a key we could have made. */
export function assertObjectKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid storage key');
}

/** Counts bytes as they pass and fails the stream once they exceed `maxBytes`. */
export function byteCounter(maxBytes = Number.POSITIVE_INFINITY): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) done(new ObjectTooLarge(maxBytes));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

export function toReadable(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** Reads a whole (small) object into memory: for avatars and logos, never for user uploads. */
export async function readAll(store: ObjectStore, key: string): Promise<Buffer> {
  const { body } = await store.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createLocalObjectStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    assertObjectKey(key);
    return path.join(root, key);
  };
  const incoming = path.join(root, '.incoming');
  return {
    backend: 'local',
    async put(body, options) {
      const key = keyForPut(options);
      await mkdir(incoming, { recursive: true });
      // Written aside and renamed into place, so a reader never sees half a file and a failed
      // write leaves nothing under a real key.
      const partial = path.join(incoming, `${randomBytes(12).toString('hex')}.part`);
      const counter = byteCounter(options.maxBytes);
      try {
        await pipeline(toReadable(body), counter, createWriteStream(partial, { flags: 'wx' }));
        await mkdir(path.dirname(resolve(key)), { recursive: true });
        await rename(partial, resolve(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size: counter.bytes };
    },
    async get(key, range) {
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new ObjectMissing(key);
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
      const body = info.size === 0 ? Readable.from([]) : createReadStream(file, { start, end });
      return { body, size: info.size, start, end };
    },
    async stat(key) {
      const info = await stat(resolve(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    remove: async (key) => rm(resolve(key), { force: true }),
    async *list() {
      const shards = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const shard of shards) {
        if (!shard.isDirectory() || !/^[a-f0-9]{2}$/.test(shard.name)) continue;
        for (const name of await readdir(path.join(root, shard.name))) {
          const key = `${shard.name}/${name}`;
          if (!KEY.test(key)) continue;
          const info = await stat(path.join(root, key)).catch(() => null);
          if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
        }
      }
    },
    signedUrl: async () => null,
  };
}

/**
 * The app's own signed download link for backends without presigned URLs: the file id, who it
 * was made for, its disposition and an expiry, under an HMAC. A new window carries no bearer
 * header, so the link itself is the permission, for a short time only.
 */
export interface DownloadGrant {
  fileId: string;
  userId: string;
  disposition: 'inline' | 'attachment';
  /** Unix seconds. */
  expires: number;
}

function grantMac(secret: string, text: string): string {
  return createHmac('sha256', `download:${secret}`).update(text).digest('base64url');
}

export function signDownload(secret: string, grant: DownloadGrant): string {
  const text = Buffer.from(
    JSON.stringify([grant.fileId, grant.userId, grant.disposition, grant.expires]),
  ).toString('base64url');
  return `${text}.${grantMac(secret, text)}`;
}

/** The grant a token carries, or null when it is forged, malformed or expired. */
export function verifyDownload(secret: string, token: string, now = Date.now()): DownloadGrant | null {
  const [text, mac] = token.split('.');
  if (!text || !mac) return null;
  const expected = Buffer.from(grantMac(secret, text));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [fileId, userId, disposition, expires] = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (typeof fileId !== 'string' || typeof userId !== 'string' || typeof expires !== 'number') return null;
    if (disposition !== 'inline' && disposition !== 'attachment') return null;
    if (expires * 1000 <= now) return null;
    return { fileId, userId, disposition, expires };
  } catch {
    return null;
  }
}

/**
 * `Content-Disposition` for any file name in any language: an ASCII fallback (quotes, slashes,
 * control characters and non-ASCII replaced) and the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii =
    fileName
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
      .replace(/[\u0000-\u001f\u007f"\\/]/g, '_')
      .replace(/[^\x20-\x7e]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
