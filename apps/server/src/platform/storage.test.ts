import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type';
import { createLocalFileStore } from './storage';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('file type by content, not by name', () => {
  it('knows png, jpeg, gif and webp by their magic bytes', () => {
    expect(sniffFileType(PNG)?.mime).toBe('image/png');
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(sniffFileType(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(sniffFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
  });

  it('a text file named .png is not an image', () => {
    expect(sniffFileType(Buffer.from('hello, I am not a png'))).toBeNull();
    expect(sniffFileType(Buffer.from('MZ\x90\0'))).toBeNull();
  });
});

describe('local file store', () => {
  it('stores under random keys and reads back', async () => {
    const store = createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'files-')));
    const a = await store.put(PNG, 'png');
    const b = await store.put(PNG, 'png');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}\.png$/);
    expect(await store.get(a)).toEqual(PNG);
    await store.remove(a);
    await expect(store.get(a)).rejects.toThrow();
  });

  it('never builds a path from a key it could not have made', async () => {
    const store = createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'files-')));
    await expect(store.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
    expect(await store.put(PNG, '../../x')).toMatch(/\.x$/);
  });
});
