import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectMissing, type ObjectStore, ObjectTooLarge, readAll } from './storage';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function keys(store: ObjectStore): Promise<string[]> {
  const found: string[] = [];
  for await (const object of store.list()) found.push(object.key);
  return found;
}

/** A body of `bytes` made lazily, chunk by chunk, so the test itself holds almost nothing. */
function generated(bytes: number, onChunk: (size: number) => void = () => {}): Readable {
  const chunk = 1024 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      onChunk(size);
      this.push(Buffer.alloc(size, sent % 251));
    },
  });
}

/** What every backend must do; each backend's test runs this against a real store. */
export function describeObjectStore(
  name: string,
  make: () => Promise<{ store: ObjectStore; close: () => Promise<void> }>,
  /**
   * Whether this process's memory measures the store alone. Not with s3rver, which runs inside
   * the test process and keeps what it receives in memory; the client's side streams either way.
   */
  options: { measureMemory: boolean } = { measureMemory: true },
): void {
  describe(`object store: ${name}`, () => {
    let store: ObjectStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await make());
    });
    afterAll(() => close());

    it('stores under new random keys and reads back a Buffer and a stream', async () => {
      const a = await store.put(PNG, { ext: 'png', contentType: 'image/png' });
      const b = await store.put(Readable.from([PNG.subarray(0, 5), PNG.subarray(5)]), {
        ext: 'png',
        contentType: 'image/png',
      });
      expect(a.key).not.toBe(b.key);
      expect(a.key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}\.png$/);
      expect(a.size).toBe(PNG.length);
      expect(await readAll(store, a.key)).toEqual(PNG);
      expect(await readAll(store, b.key)).toEqual(PNG);
      expect((await store.put(PNG, { ext: '../../x', contentType: 'image/png' })).key).toMatch(/\.x$/);
    });

    it('reads a byte range with the whole size', async () => {
      const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
      const { key } = await store.put(body, { ext: 'bin', contentType: 'application/octet-stream' });
      const read = await store.get(key, { start: 10, end: 19 });
      const chunks: Buffer[] = [];
      for await (const chunk of read.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(body.subarray(10, 20));
      expect(read).toMatchObject({ size: 1000, start: 10, end: 19 });
    });

    it('keeps a zero-byte object', async () => {
      const { key, size } = await store.put(Buffer.alloc(0), { ext: 'txt', contentType: 'text/plain' });
      expect(size).toBe(0);
      expect(await readAll(store, key)).toEqual(Buffer.alloc(0));
      expect(await store.stat(key)).toEqual({ size: 0 });
    });

    it('refuses a body over maxBytes and keeps nothing of it', async () => {
      const before = await keys(store);
      await expect(
        store.put(generated(3 * 1024 * 1024), {
          ext: 'bin',
          contentType: 'application/octet-stream',
          maxBytes: 1024 * 1024,
        }),
      ).rejects.toBeInstanceOf(ObjectTooLarge);
      expect((await keys(store)).sort()).toEqual(before.sort());
    });

    it('a removed key is missing; removing twice is fine; foreign keys are refused', async () => {
      const { key } = await store.put(PNG, { ext: 'png', contentType: 'image/png' });
      await store.remove(key);
      await store.remove(key);
      expect(await store.stat(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(ObjectMissing);
      await expect(store.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
    });

    it('lists what it keeps, with sizes', async () => {
      const { key } = await store.put(PNG, { ext: 'png', contentType: 'image/png' });
      const listed = [];
      for await (const object of store.list()) listed.push(object);
      expect(listed).toContainEqual(expect.objectContaining({ key, size: PNG.length }));
    });

    it(`streams 64 MB in and out${options.measureMemory ? ' with flat memory' : ''}`, async () => {
      const bytes = 64 * 1024 * 1024;
      // Live buffer memory, read after a full collection: what the stream holds at a time, not
      // what the process has yet to give back (RSS moved with other files' leftovers when many
      // files share a process). Vitest starts the test processes with --expose-gc. Sampled every
      // 8 MB that passes rather than on a timer: a full collection of a heap shared with other
      // files takes long enough that one every 50 ms left the stream no time to move.
      const collect = (globalThis as { gc?: () => void }).gc;
      const live = () => {
        collect?.();
        return collect ? process.memoryUsage().arrayBuffers : process.memoryUsage().rss;
      };
      const measure = options.measureMemory;
      const base = measure ? live() : 0;
      let peak = base;
      let sinceSample = 0;
      const passed = (size: number) => {
        sinceSample += size;
        if (!measure || sinceSample < 8 * 1024 * 1024) return;
        sinceSample = 0;
        peak = Math.max(peak, live());
      };
      const { key, size } = await store.put(generated(bytes, passed), {
        ext: 'bin',
        contentType: 'application/octet-stream',
      });
      expect(size).toBe(bytes);
      let read = 0;
      for await (const chunk of (await store.get(key)).body) {
        read += (chunk as Buffer).length;
        passed((chunk as Buffer).length);
      }
      expect(read).toBe(bytes);
      await store.remove(key);
      // A third of the file: holding the whole 64 MB (or half of it) at once fails.
      if (measure) expect(peak - base).toBeLessThan((collect ? 24 : 48) * 1024 * 1024);
    }, 60_000);
  });
}
