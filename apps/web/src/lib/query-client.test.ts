import { describe, expect, it } from 'vitest';
import { ApiError } from './api/api-error';
import { createQueryClient, DEFAULT_STALE_TIME_MS, shouldRetryQuery } from './query-client';

describe('shared query client defaults', () => {
  it('a 4xx is not retried: the same request gets the same refusal', () => {
    expect(shouldRetryQuery(0, new ApiError('http', 403, null, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 401, null, null))).toBe(false);
  });

  it('network failures, timeouts and 5xx are retried a little', () => {
    expect(shouldRetryQuery(0, new ApiError('network', 0, null, null))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError('timeout', 0, null, null))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('http', 503, null, null))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError('http', 503, null, null))).toBe(false);
  });

  it('answers stay fresh for 30 s', () => {
    expect(DEFAULT_STALE_TIME_MS).toBe(30_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000);
  });
});
