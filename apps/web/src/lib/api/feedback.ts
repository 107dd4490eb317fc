import { isAuthPage, loginRedirectPath } from '../session/login-redirect';

/** The parts of a success or error body the catalogue looks at. */
export interface FeedbackBody {
  error_code?: string;
  msg?: string;
  msg_type?: string;
  req_id?: string;
  msg_limit?: unknown;
}

export interface FeedbackLocation {
  pathname: string;
  search: string;
}

/** `msg_limit` of an INSUFFICIENT_CREDITS answer: what the work needs and what the team has free. */
export interface CreditLimit {
  required: number;
  balance: number;
}

/** The figures when `msg_limit` carries them; the dialog still opens without. */
function creditLimit(value: unknown): CreditLimit | null {
  if (typeof value !== 'object' || value === null) return null;
  const { required, balance } = value as Record<string, unknown>;
  return typeof required === 'number' && typeof balance === 'number' ? { required, balance } : null;
}

/** What the UI should do about one answer; `feedbackFor` decides, `applyFeedback` does it. */
export type Feedback =
  | { kind: 'none' }
  | { kind: 'insufficient_credits'; limit: CreditLimit | null }
  | { kind: 'flash'; text: string }
  | { kind: 'server_error'; text: string; reqId: string | null }
  | { kind: 'sign_in'; to: string }
  | { kind: 'warning'; text: string };

const NONE: Feedback = { kind: 'none' };

/**
 * The error catalogue of spec section 8, in its order of precedence. Pure, so every branch is
 * tested without antd or a router. Network failures (no body) show nothing here: the health
 * check owns "the server is unreachable".
 */
export function feedbackFor(status: number, body: FeedbackBody | null, location: FeedbackLocation): Feedback {
  if (!body) return NONE;
  if (body.msg_limit !== undefined && body.msg_limit !== null) {
    return { kind: 'insufficient_credits', limit: creditLimit(body.msg_limit) };
  }

  const ok = status >= 200 && status < 300;
  if (ok && body.msg_type === 'success') return body.msg ? { kind: 'flash', text: body.msg } : NONE;

  if (!ok && body.error_code === 'SERVER_ERROR') {
    return { kind: 'server_error', text: body.msg ?? '', reqId: body.req_id ?? null };
  }
  if (!ok && body.error_code === 'BEARER_TOKEN_ERROR') {
    // On the sign-in pages the visitor is already where the redirect would take them.
    if (isAuthPage(location.pathname)) return NONE;
    return { kind: 'sign_in', to: loginRedirectPath(`${location.pathname}${location.search}`) };
  }
  if (body.msg) return { kind: 'warning', text: body.msg };
  return NONE;
}
