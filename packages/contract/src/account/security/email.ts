import { z } from 'zod';
import { zEmail } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { zCurrentPassword } from './security-overview';

/** Codes are 6 digits, valid 10 minutes, single-use; 5 wrong tries spend them. */
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** A new code may be asked for once a minute. */
export const EMAIL_CODE_RESEND_SECONDS = 60;

export const zEmailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });

/**
 * `sent: false` when the mail could not go out (no SMTP configured, or the server refused it);
 * `msg` then says so and no code is pending. `to` is the masked address.
 */
export const zCodeSent = z.object({
  sent: z.boolean(),
  to: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
});

export const zEmailState = z.object({ email: z.string(), email_verified: z.boolean() });

export const postSendVerificationCode = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/email/verification-code',
  permission: 'signed_in',
  summary: 'Mail a 6-digit code to the current address to verify it',
  tags: ['account'],
  body: z.object({}).optional(),
  response: zCodeSent,
});

export const postVerifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/email/verify',
  permission: 'signed_in',
  summary: 'Verify the current address with the mailed code',
  tags: ['account'],
  body: z.object({ code: zEmailCode }),
  response: zEmailState,
});

/**
 * Step one of an e-mail change: the password proves it is the owner, the code goes to the NEW
 * address. A taken address is a CONFLICT on `new_email` ('The email already exists').
 */
export const postSendEmailChangeCode = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/email/change-code',
  permission: 'signed_in',
  summary: 'Mail a 6-digit code to a new address (needs the password)',
  tags: ['account'],
  body: z.object({ new_email: zEmail, password: zCurrentPassword }),
  response: zCodeSent,
});

/** Step two: the code mailed to the new address switches the account to it (verified). */
export const postChangeEmail = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/email/change',
  permission: 'signed_in',
  summary: 'Switch to the new address with the code mailed to it',
  tags: ['account'],
  body: z.object({ code: zEmailCode }),
  response: zEmailState,
});
