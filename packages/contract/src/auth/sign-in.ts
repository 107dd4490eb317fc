import { z } from 'zod';
import { zEmail } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zAuthUser } from './sign-up';

/** The second factors a pending sign-in accepts (`POST /api/auth/two-factor/verify-*`). */
export const zSecondFactor = z.enum(['totp', 'recovery_code']);

/**
 * Without two-factor authentication the answer carries the token (and the `app_token` cookie is
 * set). With it, `token` and `user` are null and `two_factor_token` is the pending sign-in: send it
 * back with a code to `POST /api/auth/two-factor/verify-totp` (or `verify-backup-code`). It is
 * signed by the server, single-use, valid 10 minutes and allows 5 wrong codes.
 */
export const zSignInResult = z.object({
  token: z.string().nullable(),
  user: zAuthUser.nullable(),
  two_factor_required: z.boolean(),
  two_factor_token: z.string().optional(),
  two_factor_methods: z.array(zSecondFactor).optional(),
});
export type SignInResult = z.infer<typeof zSignInResult>;

export const postSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  permission: 'public',
  summary: 'Sign in with e-mail and password; returns the bearer token or asks for a second factor',
  tags: ['auth'],
  body: z.object({
    email: zEmail,
    password: z.string().min(1, { message: 'Enter your password' }).max(128),
    rememberMe: z.boolean().optional(),
  }),
  response: zSignInResult,
});
