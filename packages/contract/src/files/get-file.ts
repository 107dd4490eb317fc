import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

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
});

/** The URL a stored public file is served at; kept in `users.image` and brand logos. */
export function publicFileUrl(id: string): string {
  return `/api/files/${encodeURIComponent(id)}`;
}
