import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type';
import { describeObjectStore } from './object-store.contract';
import { contentDisposition, createLocalObjectStore, signDownload, verifyDownload } from './storage';

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

describeObjectStore('local disk', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'files-'));
  return {
    store: createLocalObjectStore(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('signed download links', () => {
  const secret = 'x'.repeat(40);
  const grant = { fileId: 'f-1', userId: 'u-1', disposition: 'attachment' as const, expires: 2_000_000_000 };

  it('carry the file, the user, the disposition and the expiry', () => {
    expect(verifyDownload(secret, signDownload(secret, grant), 1_000)).toEqual(grant);
  });

  it('refuse a forged mac, a changed payload, another secret and an expired link', () => {
    const token = signDownload(secret, grant);
    const [payload, mac] = token.split('.');
    expect(verifyDownload(secret, `${payload}.${'A'.repeat(mac?.length ?? 10)}`)).toBeNull();
    const other = signDownload(secret, { ...grant, fileId: 'f-2' }).split('.')[0];
    expect(verifyDownload(secret, `${other}.${mac}`)).toBeNull();
    expect(verifyDownload('y'.repeat(40), token)).toBeNull();
    expect(verifyDownload(secret, token, grant.expires * 1000 + 1)).toBeNull();
    expect(verifyDownload(secret, 'garbage')).toBeNull();
  });
});

describe('Content-Disposition for any name', () => {
  it('an ASCII fallback without quotes, slashes or control characters, and the exact name in filename*', () => {
    const header = contentDisposition('attachment', '报告 "Q4"/\u0007.pdf');
    const fallback = /filename="([^"]*)"/.exec(header)?.[1] ?? '';
    expect(fallback).not.toMatch(/["\\/]/);
    expect([...fallback].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) < 0x7f)).toBe(true);
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? '')).toBe('报告 "Q4"/\u0007.pdf');
    expect(contentDisposition('inline', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
  });
});
