import { createHash, randomBytes } from 'node:crypto';
import type { InviteState } from '@app/contract/account/teams/invite';
import type { Locale } from '@app/contract/common';
import { AppError } from '../../platform/app-error';
import { unsentMessage } from '../../platform/mail';
import { composeMail, type MailTranslate } from '../../platform/mail-layout';
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

/** The account that tries to accept: its address now, and whether its owner proved they read it. */
export interface InviteeAddress {
  email: string;
  emailVerified: boolean;
}

export const VERIFY_TO_ACCEPT = 'Verify your e-mail address to accept this invite';

/**
 * An invite is accepted once, before it expires, unless revoked, and only by the address it was
 * sent to (compared without case): a forwarded link does not let someone else in. That address must
 * also be verified on the account: anyone can sign up with any address, so an unverified match
 * proves nothing, and a stranger who guessed whom an admin invite was for must not get in by
 * signing up first. Both refusals are FORBIDDEN (this account may not accept it as it is); the
 * preview's `email_matches` and `email_verified` tell the page which one applies.
 */
export function assertAcceptable(invite: InviteDates & { email: string }, invitee: InviteeAddress): void {
  const state = inviteState(invite);
  if (state === 'used') throw new AppError('CONFLICT', { msg: 'This invite has already been used' });
  if (state === 'revoked') throw new AppError('CONFLICT', { msg: 'This invite was revoked' });
  if (state === 'expired')
    throw new AppError('CONFLICT', { msg: 'This invite has expired; ask for a new one' });
  if (!sameEmail(invite.email, invitee.email)) {
    throw new AppError('FORBIDDEN', {
      msg: 'This invite was sent to another e-mail address; sign in with that address to accept it',
    });
  }
  if (!invitee.emailVerified) throw new AppError('FORBIDDEN', { msg: VERIFY_TO_ACCEPT });
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the invite is to, in the inviter's words; names are filled in, never translated. */
export type InviteTarget =
  | { kind: 'team'; team: string }
  | { kind: 'project'; project: string; team: string };

const ROLE_MSGIDS: Record<string, string> = { owner: 'owner', admin: 'admin', member: 'member' };

/**
 * Mails the link, in the inviter's language (the invitee may not have an account, so theirs is not
 * known). Without SMTP (or when sending fails) the invite still stands; the answer says so and the
 * inviter copies the link from it.
 */
export async function mailInvite(
  platform: Platform,
  locale: Locale,
  invite: { to: string; inviterName: string; target: InviteTarget; role: string; link: string },
): Promise<{ sent: boolean; reason: string | null }> {
  const t: MailTranslate = (msgid) => platform.translator.translate(locale, msgid);
  const what =
    invite.target.kind === 'team'
      ? t('the team "{team}"').replace('{team}', invite.target.team)
      : t('the project "{project}" of the team "{team}"')
          .replace('{project}', invite.target.project)
          .replace('{team}', invite.target.team);
  const roleMsgid = ROLE_MSGIDS[invite.role];
  const role = roleMsgid ? t(roleMsgid) : invite.role;
  const fill = (text: string) =>
    text
      .replace('{inviter}', invite.inviterName)
      .replace('{what}', what)
      .replace('{role}', role)
      .replace('{email}', invite.to)
      .replace('{days}', String(INVITE_DAYS));
  const body = composeMail(t, {
    paragraphs: [
      fill(t('{inviter} invited you to {what} as {role}.')),
      `${t('Open this link to accept:')}\n${invite.link}`,
      fill(t('Sign in (or sign up) with {email} to accept. The link works once, within {days} days.')),
    ],
  });
  const outcome = await platform.mailer.send(
    { to: invite.to, subject: fill(t('{inviter} invited you to {what}')), ...body },
    // The link accepts the invite: logged without its text.
    { template: invite.target.kind === 'team' ? 'team.invite' : 'project.invite', locale, sensitive: true },
  );
  // The inviter is told what happened in their words (the SMTP server's own error is in the e-mail log).
  return outcome.sent
    ? { sent: true, reason: null }
    : { sent: false, reason: t(unsentMessage(platform.mailer)) };
}
