import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/contract/errors';

type Extras = Omit<ErrorBody, 'error_code' | 'msg' | 'req_id'>;

/** Statuses a request can earn before any route sees it (see `transport-errors.ts`). */
export type TransportStatus = 408 | 413 | 414 | 431;

/**
 * The one error type services throw. It carries a code from the contract and a message that is
 * safe to show; the error handler turns it into the envelope and the HTTP status once, at the edge.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extras: Extras;

  /**
   * `status` only where HTTP has a more exact word for the same code: a VALIDATION_ERROR for a
   * body too large (413) or an address too long (414) is still a VALIDATION_ERROR to the client.
   */
  constructor(code: ErrorCode, options: { msg?: string; status?: TransportStatus } & Extras = {}) {
    const { msg, status, ...extras } = options;
    super(msg ?? defaultMessages[code]);
    this.code = code;
    this.status = status ?? ERROR_STATUS[code];
    this.extras = extras;
  }
}

/** msgids (English) translated per request by the error handler. */
export const defaultMessages: Record<ErrorCode, string> = {
  BEARER_TOKEN_ERROR: 'Please sign in again',
  UNAUTHORIZED: 'You are not allowed to do this with the current identity',
  FORBIDDEN: 'You do not have permission to do this',
  VALIDATION_ERROR: 'Some fields are not valid',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with existing data',
  INSUFFICIENT_CREDITS: 'insufficient_credits',
  RATE_LIMITED: 'Too many attempts, please wait and try again',
  SERVER_ERROR: 'Sorry, something went wrong on our side',
  MAINTENANCE: 'The product is being restored from a backup; try again in a moment',
};

export function validationError(fields: Record<string, string>, msg?: string): AppError {
  return new AppError('VALIDATION_ERROR', { msg, fields });
}
