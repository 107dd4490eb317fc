import { isPlaceholderEmail, maskEmail } from '@app/contract/user/mask-email';
import { AppError, validationError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { emailTaken, findUserEmail, markEmailVerified, setEmail } from './email.repo';
import { issueCode, spendCode } from './email-code';
import { hasPassword } from './password.service';
import { passwordMatches } from './signed-in';

const emailExists = () =>
  new AppError('CONFLICT', {
    msg: 'The email already exists',
    fields: { new_email: 'The email already exists' },
  });

async function currentEmail(platform: Platform, userId: string) {
  const row = await findUserEmail(platform.db, userId);
  if (!row) throw new AppError('BEARER_TOKEN_ERROR');
  return row;
}

/** The mail carrying a code, in the language of the request that asked for it. */
function codeMail(ctx: SignedInContext, to: string, code: string) {
  const body = ctx.t(
    'Your code is {code}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
  );
  return {
    to,
    subject: ctx.t('Your verification code'),
    text: body.replace('{code}', code),
  };
}

export async function sendVerificationCode(platform: Platform, ctx: SignedInContext) {
  const user = ctx.user;
  const current = await currentEmail(platform, user.id);
  if (isPlaceholderEmail(current.email)) {
    throw new AppError('CONFLICT', { msg: 'Add an e-mail address first' });
  }
  if (current.emailVerified)
    throw new AppError('CONFLICT', { msg: 'Your e-mail address is already verified' });
  return issueCode(
    platform,
    ctx,
    { purpose: 'verify_email', userId: user.id, email: current.email },
    (code) => codeMail(ctx, current.email, code),
  );
}

export async function verifyEmail(platform: Platform, ctx: SignedInContext, code: string) {
  const user = ctx.user;
  const current = await currentEmail(platform, user.id);
  await spendCode(
    platform,
    { purpose: 'verify_email', userId: user.id, expectEmail: current.email },
    code,
    (tx) => markEmailVerified(tx, user.id),
  );
  return { email: maskEmail(current.email), email_verified: true };
}

/**
 * Step one of an e-mail change. The password is asked for because whoever controls the address
 * can reset the password: a borrowed session alone must not be enough to take the account.
 */
export async function sendEmailChangeCode(
  platform: Platform,
  ctx: SignedInContext,
  input: { new_email: string; password: string },
) {
  const user = ctx.user;
  const current = await currentEmail(platform, user.id);
  // An account made by Google or WeChat proves itself with a password it sets first.
  if (!(await hasPassword(platform, user.id))) {
    throw new AppError('CONFLICT', { msg: 'Set a password first, then change your e-mail address' });
  }
  if (!(await passwordMatches(platform, user.id, input.password))) {
    throw validationError({ password: 'The password is wrong' });
  }
  if (input.new_email === current.email) {
    throw validationError({ new_email: 'This is already your e-mail address' });
  }
  if (await emailTaken(platform.db, input.new_email, user.id)) throw emailExists();
  return issueCode(
    platform,
    ctx,
    { purpose: 'change_email', userId: user.id, email: input.new_email },
    (code) => codeMail(ctx, input.new_email, code),
  );
}

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * Step two: the code mailed to the new address switches the account to it. The old address is
 * told, so a change the owner did not make does not go unnoticed.
 */
export async function changeEmail(platform: Platform, ctx: SignedInContext, code: string) {
  const user = ctx.user;
  const previous = await currentEmail(platform, user.id);
  let email: string;
  try {
    email = await spendCode(
      platform,
      { purpose: 'change_email', userId: user.id },
      code,
      async (tx, next) => {
        if (await emailTaken(tx, next, user.id)) throw emailExists();
        await setEmail(tx, user.id, next);
        return next;
      },
    );
  } catch (error) {
    // Two accounts racing for one address: the unique index decides, the loser hears it plainly.
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.email.change', targetType: 'user', targetId: user.id },
    { after: { email } },
  );
  // The old address is told, unless the account had none (WeChat sign-in's placeholder).
  if (!isPlaceholderEmail(previous.email))
    await notifyOldAddress(platform, ctx, user.id, previous.email, email);
  return { email: maskEmail(email), email_verified: true };
}

async function notifyOldAddress(
  platform: Platform,
  ctx: SignedInContext,
  userId: string,
  previous: string,
  email: string,
) {
  await platform.mailer.send(
    {
      to: previous,
      subject: ctx.t('Your e-mail address was changed'),
      text: ctx
        .t(
          'The e-mail address of your account was changed to {email}. If you did not do this, contact us at once.',
        )
        .replace('{email}', maskEmail(email)),
    },
    { template: 'security.email_changed', locale: ctx.locale, userId },
  );
}
