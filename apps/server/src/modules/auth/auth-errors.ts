import { isAPIError } from 'better-auth/api';
import { AppError } from '../../platform/app-error';

/**
 * better-auth's error codes in the product's envelope. Anything unmapped keeps its status family
 * so a library change cannot turn a user mistake into a 500.
 */
const mapped: Record<string, () => AppError> = {
  USER_ALREADY_EXISTS: () =>
    new AppError('CONFLICT', {
      msg: 'The email already exists',
      fields: { email: 'The email already exists' },
    }),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () =>
    new AppError('CONFLICT', {
      msg: 'The email already exists',
      fields: { email: 'The email already exists' },
    }),
  INVALID_EMAIL_OR_PASSWORD: () => new AppError('UNAUTHORIZED', { msg: 'Invalid email or password' }),
  INVALID_EMAIL: () =>
    new AppError('VALIDATION_ERROR', { fields: { email: 'Enter a valid e-mail address' } }),
  PASSWORD_TOO_SHORT: () =>
    new AppError('VALIDATION_ERROR', { fields: { password: 'Password must be at least 8 characters' } }),
  PASSWORD_TOO_LONG: () =>
    new AppError('VALIDATION_ERROR', { fields: { password: 'Password must be at most 128 characters' } }),
  BANNED: () => new AppError('FORBIDDEN', { msg: 'This account is banned' }),
  INVALID_TOKEN: () =>
    new AppError('VALIDATION_ERROR', { fields: { token: 'This link is invalid or has expired' } }),
  EMAIL_NOT_VERIFIED: () => new AppError('FORBIDDEN', { msg: 'Please verify your e-mail address first' }),
  INVALID_PASSWORD: () => new AppError('VALIDATION_ERROR', { fields: { password: 'The password is wrong' } }),
  // Two-factor sign-in (the pending sign-in expired, was used, or spent its tries).
  INVALID_CODE: () => new AppError('VALIDATION_ERROR', { fields: { code: 'The code is wrong' } }),
  INVALID_BACKUP_CODE: () =>
    new AppError('VALIDATION_ERROR', { fields: { code: 'The recovery code is wrong' } }),
  INVALID_TWO_FACTOR_COOKIE: () =>
    new AppError('UNAUTHORIZED', { msg: 'Your sign-in has expired, please sign in again' }),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: () =>
    new AppError('UNAUTHORIZED', { msg: 'Too many wrong codes, please sign in again' }),
  ACCOUNT_TEMPORARILY_LOCKED: () =>
    new AppError('RATE_LIMITED', {
      msg: 'Too many wrong codes, please try again in 15 minutes',
      _retry_: { waiting_time: 900 },
    }),
};

/** Per-call meanings of a library code, e.g. INVALID_PASSWORD named after the form's field. */
export type AuthErrorOverrides = Record<string, () => AppError>;

export function fromAuthError(
  code: string | undefined,
  status: number,
  message?: string,
  overrides: AuthErrorOverrides = {},
): AppError {
  const known = code ? (overrides[code] ?? mapped[code]) : undefined;
  if (known) return known();
  if (status === 401) return new AppError('UNAUTHORIZED', { msg: message });
  if (status === 403) return new AppError('FORBIDDEN', { msg: message });
  if (status === 404) return new AppError('NOT_FOUND', { msg: message });
  if (status === 429) return new AppError('RATE_LIMITED', { _retry_: { waiting_time: 60 } });
  if (status >= 400 && status < 500) return new AppError('VALIDATION_ERROR', { msg: message });
  return new AppError('SERVER_ERROR');
}

/** Runs a better-auth call, rethrowing its APIError as our AppError. */
export async function withAuthErrors<T>(call: () => Promise<T>, overrides?: AuthErrorOverrides): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error)) {
      const body = (error.body ?? {}) as { code?: string; message?: string };
      throw fromAuthError(body.code, error.statusCode, body.message, overrides);
    }
    throw error;
  }
}
