import { z } from 'zod';
import { zPassword } from '../../auth/sign-up';
import { defineEndpoint } from '../../define-endpoint';
import { zCurrentPassword } from './security-overview';

/** Spec section 5, shared text: the two passwords must match. */
export const PASSWORDS_DIFFER = 'The two passwords do not match';

export const zChangePasswordBody = z
  .object({
    current_password: zCurrentPassword,
    new_password: zPassword,
    confirm_password: z.string().max(128, { message: 'Input exceeds maximum length' }),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });

/**
 * Changes the password; every other session of the user ends, the caller's stays signed in.
 * A wrong current password is a VALIDATION_ERROR on `current_password`.
 */
export const postChangePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/password',
  permission: 'signed_in',
  summary: 'Change the password (other sessions are signed out)',
  tags: ['account'],
  body: zChangePasswordBody,
  response: z.object({ sessions_revoked: z.number().int() }),
});

export const zSetPasswordBody = z
  .object({
    new_password: zPassword,
    confirm_password: z.string().max(128, { message: 'Input exceeds maximum length' }),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });

/**
 * A first password for an account that signs in with Google or WeChat only (`has_password` false
 * in the security overview). An account that has one changes it instead (CONFLICT).
 */
export const postSetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/password/set',
  permission: 'signed_in',
  summary: 'Set a first password on an account that signs in with a linked account only',
  tags: ['account'],
  body: zSetPasswordBody,
  response: z.object({ set: z.literal(true) }),
});
