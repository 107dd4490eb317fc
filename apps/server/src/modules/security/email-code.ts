import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
} from '@app/contract/account/security/email';
import { maskEmail } from '@app/contract/user/mask-email';
import { AppError, validationError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import { type MailMessage, unsentMessage } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import {
  type CodePurpose,
  deleteCodeRow,
  findCodeRow,
  lockCodeRow,
  replaceCodeRow,
  updateCodeValue,
} from './email-codes.repo';

/** What the row keeps: the code's hash (bound to user, purpose and address), the address, the tries. */
interface PendingCode {
  hash: string;
  email: string;
  attempts: number;
}

function hashCode(secret: string, purpose: CodePurpose, userId: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${email}:${code}`).digest('hex');
}

function parsePending(value: string): PendingCode | null {
  try {
    const parsed = JSON.parse(value) as Partial<PendingCode>;
    if (typeof parsed.hash !== 'string' || typeof parsed.email !== 'string') return null;
    return { hash: parsed.hash, email: parsed.email, attempts: Number(parsed.attempts) || 0 };
  } catch {
    return null;
  }
}

/**
 * Mails a new 6-digit code to `email`, at most once a minute per user and purpose. When the mail
 * cannot go out nothing stays pending and the answer says so (no SMTP is not pretended away).
 */
export async function issueCode(
  platform: Platform,
  ctx: RequestContext,
  target: { purpose: CodePurpose; userId: string; email: string },
  mail: (code: string) => MailMessage,
) {
  const { purpose, userId, email } = target;
  const earlier = await findCodeRow(platform.db, purpose, userId);
  const waited = earlier ? (Date.now() - earlier.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (waited < EMAIL_CODE_RESEND_SECONDS) {
    throw new AppError('RATE_LIMITED', {
      msg: 'Please wait a minute before asking for another code',
      _retry_: { waiting_time: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) },
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pending: PendingCode = {
    hash: hashCode(platform.secret, purpose, userId, email, code),
    email,
    attempts: 0,
  };
  const expiresAt = new Date(Date.now() + EMAIL_CODE_TTL_SECONDS * 1000);
  const rowId = await replaceCodeRow(platform.db, purpose, userId, JSON.stringify(pending), expiresAt);
  // The code signs changes in: the log keeps that it was sent, not the code.
  const outcome = await platform.mailer.send(mail(code), {
    template: `security.${purpose}`,
    userId,
    sensitive: true,
  });
  const to = maskEmail(email);
  if (!outcome.sent) {
    await deleteCodeRow(platform.db, rowId);
    return {
      sent: false,
      to,
      expires_in: 0,
      resend_in: 0,
      msg_type: 'error' as const,
      msg: ctx.t(unsentMessage(platform.mailer)),
    };
  }
  return {
    sent: true,
    to,
    expires_in: EMAIL_CODE_TTL_SECONDS,
    resend_in: EMAIL_CODE_RESEND_SECONDS,
    msg_type: 'success' as const,
    msg: ctx.t('A code was sent to your e-mail'),
  };
}

type CodeCheck = { ok: true; email: string } | { ok: false; error: AppError };

const expired = (): CodeCheck => ({
  ok: false,
  error: validationError({ code: 'The code has expired or was already used, please ask for a new one' }),
});

/**
 * Checks a code against the pending one and spends it when right. A wrong try is counted; the
 * fifth spends the code. `expectEmail` refuses a code mailed to an address the user no longer has.
 */
async function checkCode(
  tx: Tx,
  secret: string,
  target: { purpose: CodePurpose; userId: string; expectEmail?: string },
  code: string,
): Promise<CodeCheck> {
  const { purpose, userId, expectEmail } = target;
  const row = await lockCodeRow(tx, purpose, userId);
  if (!row) return expired();
  const pending = parsePending(row.value);
  if (!pending || row.expiresAt.getTime() <= Date.now() || (expectEmail && pending.email !== expectEmail)) {
    await deleteCodeRow(tx, row.id);
    return expired();
  }
  const given = Buffer.from(hashCode(secret, purpose, userId, pending.email, code), 'hex');
  const stored = Buffer.from(pending.hash, 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    await deleteCodeRow(tx, row.id);
    return { ok: true, email: pending.email };
  }
  const attempts = pending.attempts + 1;
  if (attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
    await deleteCodeRow(tx, row.id);
    return { ok: false, error: validationError({ code: 'Too many wrong codes, please ask for a new one' }) };
  }
  await updateCodeValue(tx, row.id, JSON.stringify({ ...pending, attempts }));
  return { ok: false, error: validationError({ code: 'The code is wrong' }) };
}

/**
 * Spends a code and runs `apply` with the address it was mailed to, in one transaction: the change
 * happens exactly when the code is used. A wrong try is committed (counted) before the error leaves.
 */
export async function spendCode<T>(
  platform: Platform,
  target: { purpose: CodePurpose; userId: string; expectEmail?: string },
  code: string,
  apply: (tx: Tx, email: string) => Promise<T>,
): Promise<T> {
  const outcome = await platform.db.transaction(async (tx) => {
    const check = await checkCode(tx, platform.secret, target, code);
    if (!check.ok) return check;
    return { ok: true as const, value: await apply(tx, check.email) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
