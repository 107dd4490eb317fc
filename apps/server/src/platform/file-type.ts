/**
 * The type a file's content says it is, from its first bytes: a renamed .exe is not an image.
 * Only the types the product accepts are known; anything else is `null`.
 */
export type SniffedType = { mime: string; ext: string };

const signatures: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Spec section 5: images accept jpg, jpeg, png, gif, webp. */
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function sniffFileType(head: Buffer): SniffedType | null {
  const found = signatures.find((signature) => signature.test(head));
  return found ? { mime: found.mime, ext: found.ext } : null;
}
