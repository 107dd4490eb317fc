import type { ErrorBody, ErrorCode } from '@app/contract/errors';

/**
 * Why a call failed. `http` carries the server's answer; the others never reached one, so they
 * have status 0 and no body.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: ErrorBody | null,
    /** From the body, else the `x-request-id` header: what support asks for. */
    readonly reqId: string | null,
    message?: string,
  ) {
    super(message ?? body?.msg ?? `Request failed (${kind}${status ? ` ${status}` : ''})`);
  }

  get code(): ErrorCode | null {
    return this.body?.error_code ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
