import { z } from 'zod';
import { zEmail } from '../common';
import { defineEndpoint } from '../define-endpoint';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const zPassword = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

export const zAuthUser = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const zAuthResult = z.object({
  token: z.string(),
  user: zAuthUser,
});

/** better-auth's e-mail sign-up (ARCHITECTURE section 5), validated and rate limited at our edge. */
export const postSignUp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-up/email',
  permission: 'public',
  summary: 'Create an account with e-mail and password; returns the bearer token',
  tags: ['auth'],
  body: z.object({
    name: z
      .string()
      .trim()
      .min(1, { message: 'Enter your name' })
      .max(64, { message: 'Input exceeds maximum length' }),
    email: zEmail,
    password: zPassword,
  }),
  response: zAuthResult,
});
