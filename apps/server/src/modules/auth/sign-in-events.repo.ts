import { signInEvents } from '../../db/schema';
import type { Db } from '../../platform/db';

export interface SignInAttempt {
  userId: string | null;
  email: string;
  /** password | totp | recovery_code | sign_up */
  method: string;
  success: boolean;
  /** Why a failed attempt failed (invalid_credentials, invalid_code, banned, ...); never the input. */
  reason?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** One row of the "recent sign-ins" history; kept after the session itself is gone. */
export async function recordSignInAttempt(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.insert(signInEvents).values({
    userId: attempt.userId,
    email: attempt.email.slice(0, 320),
    method: attempt.method,
    success: attempt.success,
    reason: attempt.reason ?? null,
    ipAddress: attempt.ipAddress || null,
    userAgent: attempt.userAgent?.slice(0, 500) || null,
  });
}
