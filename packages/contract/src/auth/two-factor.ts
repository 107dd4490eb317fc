import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zAuthResult } from './sign-up';

/**
 * The pending sign-in from `POST /api/auth/sign-in/email`. Only the characters the server puts in
 * it are accepted: it travels on to the auth library as a cookie value, so `;` or spaces could
 * smuggle in another cookie.
 */
export const zTwoFactorToken = z
  .string()
  .regex(/^[A-Za-z0-9%._~-]{10,512}$/, { message: 'Your sign-in has expired, please sign in again' });

/** Six digits from the authenticator app. */
export const zTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });

/** A recovery code as shown when two-factor authentication was set up (`xxxxx-xxxxx`). */
export const zRecoveryCode = z
  .string()
  .trim()
  .min(1, { message: 'Enter a recovery code' })
  .max(64, { message: 'Input exceeds maximum length' });

/** Finishes a sign-in that asked for a second factor with a code from the authenticator app. */
export const postVerifyTotp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/two-factor/verify-totp',
  permission: 'public',
  summary: 'Finish a two-factor sign-in with an authenticator code; returns the bearer token',
  tags: ['auth'],
  body: z.object({ two_factor_token: zTwoFactorToken, code: zTotpCode }),
  response: zAuthResult,
});

/** Finishes a two-factor sign-in with one of the recovery codes; each works once. */
export const postVerifyRecoveryCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/two-factor/verify-backup-code',
  permission: 'public',
  summary: 'Finish a two-factor sign-in with a recovery code; returns the bearer token',
  tags: ['auth'],
  body: z.object({ two_factor_token: zTwoFactorToken, code: zRecoveryCode }),
  response: zAuthResult,
});
