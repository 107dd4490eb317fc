import type { InviteState } from '@app/contract/account/teams/invite';
import { isApiError } from '../../lib/api/api-error';

/** Why an invite link cannot be accepted, as the accept pages explain it. */
export type InviteProblem =
  | { kind: 'missing_token' }
  | { kind: 'invalid' }
  | { kind: 'expired'; inviter: string | null }
  | { kind: 'used' }
  | { kind: 'revoked' }
  | { kind: 'other_email'; email: string }
  | { kind: 'failed'; message: string };

interface PreviewFacts {
  state: InviteState;
  inviter_name: string | null;
  email: string;
  email_matches: boolean;
}

/**
 * Reads a preview in the order the server checks on accept (state first, then the address), so
 * the page never offers a button the server would refuse.
 */
export function previewProblem(preview: PreviewFacts): InviteProblem | null {
  if (preview.state === 'expired') return { kind: 'expired', inviter: preview.inviter_name };
  if (preview.state === 'used') return { kind: 'used' };
  if (preview.state === 'revoked') return { kind: 'revoked' };
  if (!preview.email_matches) return { kind: 'other_email', email: preview.email };
  return null;
}

/** A preview that failed: an unknown or malformed token is "not valid"; anything else is shown as said. */
export function previewErrorProblem(error: unknown): InviteProblem {
  if (isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR')) {
    return { kind: 'invalid' };
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
