import type { zCodeSent, zEmailState } from '@app/contract/account/security/email';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/api-error';

/** A code sent, or why not: `msg`, the server's words (every answer carries `msg_type` and `msg`). */
export type CodeSent = z.infer<typeof zCodeSent> & { msg?: string };
export type EmailState = z.infer<typeof zEmailState>;

/**
 * Seconds the server asks to wait before another code (`RATE_LIMITED` with `_retry_`), or null
 * when the failure is something else.
 */
export function resendWait(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'RATE_LIMITED') return null;
  return error.body?._retry_?.waiting_time ?? null;
}
