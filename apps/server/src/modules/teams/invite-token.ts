import { createHash, randomBytes } from 'node:crypto';
import type { InviteState } from '@app/contract/account/teams/invite';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';

/** How long a team or project invite link works (product decision, docs/decisions.md). */
export const INVITE_DAYS = 7;

/**
 * A link token is 32 random bytes; the database keeps only its SHA-256, so someone who reads the
 * table cannot accept an invite, and the link cannot be shown again after it is made.
 */
export function newInviteToken(now = new Date()): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashInviteToken(token),
    expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 3600 * 1000),
  };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface InviteDates {
  acceptedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

export function inviteState(invite: InviteDates, now = new Date()): InviteState {
  if (invite.acceptedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  return invite.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export const INVITE_NOT_FOUND = 'This invite link is not valid';

/**
 * An invite is accepted once, before it expires, unless revoked, and only by the address it was
 * sent to (compared without case): a forwarded link does not let someone else in.
 */
export function assertAcceptable(invite: InviteDates & { email: string }, userEmail: string): void {
  const state = inviteState(invite);
  if (state === 'used') throw new AppError('CONFLICT', { msg: 'This invite has already been used' });
  if (state === 'revoked') throw new AppError('CONFLICT', { msg: 'This invite was revoked' });
  if (state === 'expired')
    throw new AppError('CONFLICT', { msg: 'This invite has expired; ask for a new one' });
  if (!sameEmail(invite.email, userEmail)) {
    throw new AppError('FORBIDDEN', {
      msg: 'This invite was sent to another e-mail address; sign in with that address to accept it',
    });
  }
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Mails the link. Without SMTP (or when sending fails) the invite still stands; the answer says
 * so and the inviter copies the link from it.
 */
export async function mailInvite(
  platform: Platform,
  invite: { to: string; inviterName: string; what: string; role: string; link: string },
): Promise<{ sent: boolean; reason: string | null }> {
  const outcome = await platform.mailer.send(
    {
      to: invite.to,
      subject: `${invite.inviterName} invited you to ${invite.what}`,
      text:
        `Hello,\n\n${invite.inviterName} invited you to ${invite.what} as ${invite.role}.\n\n` +
        `Open this link to accept:\n\n${invite.link}\n\n` +
        `Sign in (or sign up) with ${invite.to} to accept. The link works once, within ${INVITE_DAYS} days.\n`,
    },
    // The link accepts the invite: logged without its text.
    { template: 'team.invite', sensitive: true },
  );
  return outcome.sent ? { sent: true, reason: null } : { sent: false, reason: outcome.reason };
}
