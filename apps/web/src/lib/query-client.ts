import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';

/** Answers stay fresh this long; basic infos and lists rarely change faster. */
export const DEFAULT_STALE_TIME_MS = 30_000;
const MAX_QUERY_RETRIES = 2;

/**
 * Retrying a 4xx repeats the same refusal (bad input, no permission, signed out); only failures
 * that may pass on their own (network, timeout, 5xx) are retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'aborted' || error.kind === 'invalid_response') return false;
  return !(error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
}

/** The one client the app shares; tests build their own with `createQueryClient`. */
export const queryClient = createQueryClient();
