import { AppError } from '../../platform/app-error';
import type { RequestContext } from '../../platform/request-context';

/** A provider that does not answer in this time is reported as unreachable. */
const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One call to a provider. A network failure or a non-JSON answer is the provider's problem, told
 * to the user as such; an error the provider states in JSON is left to the caller to word.
 */
export async function callProvider(
  ctx: RequestContext,
  providerName: string,
  url: string,
  init: RequestInit = {},
): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw unreachable(ctx, providerName);
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return { status: response.status, body: body as Record<string, unknown> };
    }
  } catch {}
  throw unreachable(ctx, providerName);
}

function unreachable(ctx: RequestContext, providerName: string): AppError {
  return new AppError('SERVER_ERROR', {
    msg: ctx
      .t('{{provider}} could not be reached. Please try again in a moment.')
      .replace('{{provider}}', providerName),
  });
}

/**
 * The provider's refusal in words the user can pass on: our sentence, then the provider's own
 * code and description (kept short; they never contain secrets).
 */
export function providerRefusal(ctx: RequestContext, lead: string, code: unknown, detail: unknown): AppError {
  const parts = [typeof code === 'string' || typeof code === 'number' ? String(code) : 'unknown_error'];
  if (typeof detail === 'string' && detail.trim()) parts.push(`(${detail.trim().slice(0, 200)})`);
  return new AppError('UNAUTHORIZED', { msg: `${ctx.t(lead)}: ${parts.join(' ')}` });
}

export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
