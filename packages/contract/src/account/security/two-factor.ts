import { z } from 'zod';
import { zTotpCode } from '../../auth/two-factor';
import { defineEndpoint } from '../../define-endpoint';
import { zCurrentPassword } from './security-overview';

/**
 * Set-up, step one: a new secret for the authenticator app (as an otpauth:// URI for a QR code,
 * and as text to type in) and the recovery codes, shown this once. Nothing changes at sign-in
 * until the first code is confirmed.
 */
export const postEnableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/two-factor/enable',
  permission: 'signed_in',
  summary: 'Start two-factor set-up: authenticator secret and recovery codes (needs the password)',
  tags: ['account'],
  body: z.object({ password: zCurrentPassword }),
  response: z.object({ totp_uri: z.string(), secret: z.string(), recovery_codes: z.array(z.string()) }),
});

/**
 * The sign-in session is renewed when two-factor authentication is switched on or off: the answer
 * carries the new token and the `app_token` cookie is set to it; the old token stops working.
 */
export const zTwoFactorSwitched = z.object({ two_factor_enabled: z.boolean(), token: z.string() });

/** Set-up, step two: the first code from the app switches two-factor authentication on. */
export const postConfirmTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/two-factor/verify',
  permission: 'signed_in',
  summary: 'Confirm two-factor set-up with the first authenticator code',
  tags: ['account'],
  body: z.object({ code: zTotpCode }),
  response: zTwoFactorSwitched,
});

export const postDisableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/two-factor/disable',
  permission: 'signed_in',
  summary: 'Switch two-factor authentication off (needs the password)',
  tags: ['account'],
  body: z.object({ password: zCurrentPassword }),
  response: zTwoFactorSwitched,
});

/** New recovery codes; the old ones stop working. */
export const postRegenerateRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/two-factor/recovery-codes',
  permission: 'signed_in',
  summary: 'Replace the recovery codes (needs the password)',
  tags: ['account'],
  body: z.object({ password: zCurrentPassword }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
});
