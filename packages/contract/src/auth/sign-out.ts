import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** Revokes the caller's session and clears the token cookie. Signed out already is not an error. */
export const postSignOut = defineEndpoint({
  method: 'POST',
  path: '/api/sign-out',
  permission: 'public',
  summary: 'Sign out',
  tags: ['auth'],
  body: z.object({}).optional(),
  response: z.object({ signed_out: z.boolean() }),
});
