import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';

/** Asked for by every action that needs the user to prove it is really them. */
export const zCurrentPassword = z
  .string()
  .min(1, { message: 'Enter your password' })
  .max(128, { message: 'Input exceeds maximum length' });

/**
 * The security page's state. `two_factor_pending`: set-up started (secret issued) but the first
 * code not confirmed yet. `recovery_codes_left` is null while two-factor authentication is off.
 */
export const zSecurityOverview = z.object({
  email: z.string(),
  /** False for an account made by Google or WeChat sign-in that has not set a password yet. */
  has_password: z.boolean(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_pending: z.boolean(),
  recovery_codes_left: z.number().int().nullable(),
});

export const getSecurityOverview = defineEndpoint({
  method: 'GET',
  path: '/api/account/security',
  permission: 'signed_in',
  summary: "The caller's e-mail verification and two-factor state",
  tags: ['account'],
  response: zSecurityOverview,
});
