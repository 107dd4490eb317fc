import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zPassword } from './sign-up';

/** Sets a new password with the token from an e-mailed link; every session of the user ends. */
export const postResetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  permission: 'public',
  summary: 'Set a new password from a reset link',
  tags: ['auth'],
  body: z.object({ token: z.string().min(1).max(200), newPassword: zPassword }),
  response: z.object({ status: z.literal(true) }),
});
