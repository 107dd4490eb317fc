import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** What a public file can be: the image types the product accepts (spec section 5). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * The bytes of a public file (avatars, brand logos) with its stored content type; anything else,
 * private or missing, is NOT_FOUND. The answer is the file itself, not JSON.
 */
export const getPublicFile = defineEndpoint({
  method: 'GET',
  path: '/api/files/{id}',
  permission: 'public',
  summary: 'A public file (avatar, logo): its bytes with its content type',
  tags: ['files'],
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: IMAGE_TYPES },
});

/** The URL a stored public file is served at; kept in `users.image` and brand logos. */
export function publicFileUrl(id: string): string {
  return `/api/files/${encodeURIComponent(id)}`;
}
