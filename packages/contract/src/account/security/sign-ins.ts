import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/**
 * How a sign-in was made: `password`, `totp` and `recovery_code` (second factors), `sign_up`
 * (the first session of a new account).
 */
export const zSignInMethod = z.enum(['password', 'totp', 'recovery_code', 'sign_up']);
export type SignInMethod = z.infer<typeof zSignInMethod>;

/** `reason` says why a failed attempt failed: invalid_credentials, invalid_code, banned, ... */
export const zSignInEvent = z.object({
  id: z.number().int(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: zSeconds,
});

export const RECENT_SIGN_INS_LIMIT = 20;

export const listRecentSignIns = defineEndpoint({
  method: 'GET',
  path: '/api/account/security/sign-ins',
  permission: 'signed_in',
  summary: "The caller's last 20 sign-in attempts, newest first",
  tags: ['account'],
  response: z.object({ items: z.array(zSignInEvent) }),
});
