import { z } from 'zod';
import { zEmail } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zAuthResult } from './sign-up';

export const postSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  permission: 'public',
  summary: 'Sign in with e-mail and password; returns the bearer token',
  tags: ['auth'],
  body: z.object({
    email: zEmail,
    password: z.string().min(1, { message: 'Enter your password' }).max(128),
    rememberMe: z.boolean().optional(),
  }),
  response: zAuthResult,
});
