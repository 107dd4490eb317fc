import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

export const USERNAME_MAX = 64;
export const zUsername = z
  .string()
  .trim()
  .min(1, { message: 'Enter your name' })
  .max(USERNAME_MAX, { message: 'Input exceeds maximum length' });

/**
 * The profile page. `email` is masked keeping the first and last letters; `main_bound_account`
 * is the identity the user signs in with (the masked e-mail while e-mail is the main bound key);
 * `avatar_url` is a same-origin path (`/api/files/{id}`) or null.
 */
export const zProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  main_bound_account: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: zSeconds,
});
export type Profile = z.infer<typeof zProfile>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/account/profile',
  permission: 'signed_in',
  summary: "The caller's profile",
  tags: ['account'],
  response: zProfile,
});

export const patchProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/profile',
  permission: 'signed_in',
  summary: "Change the caller's username",
  tags: ['account'],
  body: z.object({ username: zUsername }),
  response: zProfile,
});
