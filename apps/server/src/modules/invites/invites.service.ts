import type { PendingInvite } from '@app/contract/account/teams/invite';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import {
  assertAcceptable,
  hashInviteToken,
  INVITE_NOT_FOUND,
  type InviteTarget,
  inviteState,
  mailInvite,
  newInviteToken,
  sameEmail,
} from './invite-token';
import {
  findInvite,
  findInviteByHash,
  findInviteeAddress,
  type InviteByHash,
  type InviteKind,
  type InviteRecord,
  type InviteScope,
  insertInvite,
  markAccepted,
  pendingInvites,
  revokeInviteRow,
  revokePendingTo,
} from './invites.repo';

/*
 * One invite mechanism for teams and projects, parameterised by its scope: making, listing,
 * revoking, previewing and accepting an invite work the same way for both; the team and project
 * services add only who may invite and what joining means.
 */

export type { InviteKind, InviteScope } from './invites.repo';

const INVITE_ROW_NOT_FOUND = 'Invite not found';

/** The page the link opens, per scope. */
const ACCEPT_PAGES: Record<InviteKind, string> = {
  team: '/teams/accept-invite',
  project: '/projects/accept-invite',
};

/** Invites carry admin or member; anything else stored reads as member. */
export function inviteRole(invite: { role: string }): 'admin' | 'member' {
  return invite.role === 'admin' ? 'admin' : 'member';
}

export function toPendingInvite(row: InviteRecord): PendingInvite {
  return {
    id: row.id,
    email: row.email,
    role: inviteRole(row),
    invited_by_name: row.invitedByName,
    state: inviteState(row),
    created_at: toSeconds(row.createdAt),
    expires_at: toSeconds(row.expiresAt),
  };
}

/** The scope's invites not yet accepted nor revoked, newest first (the caller checked access). */
export async function listPendingInvites(platform: Platform, scope: InviteScope): Promise<PendingInvite[]> {
  return (await pendingInvites(platform.db, scope)).map(toPendingInvite);
}

/**
 * Makes an invite and mails its link. `check` runs first in the same transaction: the scope's own
 * rules (may the caller invite, is the address a member already), answering what the mail names.
 * A new invite to an address replaces any pending one (only the newest link works), since a lost
 * link cannot be shown again. The link goes to the inviter in the answer and to the invitee by
 * mail when SMTP is set up.
 */
export async function createInvite(
  platform: Platform,
  ctx: SignedInContext,
  scope: InviteScope,
  input: { email: string; role: 'admin' | 'member'; check: (tx: Tx) => Promise<InviteTarget> },
) {
  const { token, hash, expiresAt } = newInviteToken();
  const { inviteId, target } = await platform.db.transaction(async (tx) => {
    const target = await input.check(tx);
    await revokePendingTo(tx, scope, input.email);
    const id = await insertInvite(tx, scope, {
      email: input.email,
      role: input.role,
      tokenHash: hash,
      invitedBy: ctx.user.id,
      expiresAt,
    });
    return { inviteId: id, target };
  });
  const link = `${platform.config.publicUrl}${ACCEPT_PAGES[scope.kind]}?token=${token}`;
  const mail = await mailInvite(platform, ctx.locale, {
    to: input.email,
    inviterName: ctx.user.name,
    target,
    role: input.role,
    link,
  });
  const invite = await findInvite(platform.db, scope, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_ROW_NOT_FOUND });
  return { invite: toPendingInvite(invite), link, ...mail };
}

/** Withdraws a pending invite of the scope (the caller checked who may). A used one stays. */
export async function revokeInvite(platform: Platform, scope: InviteScope, inviteId: string) {
  const invite = await findInvite(platform.db, scope, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_ROW_NOT_FOUND });
  if (invite.acceptedAt) throw new AppError('CONFLICT', { msg: 'This invite has already been used' });
  await revokeInviteRow(platform.db, scope, inviteId);
  return { revoked: true as const };
}

/**
 * Whoever holds the link may see what it offers; accepting is what checks the e-mail. The answer
 * says whether the caller's address is the invited one and verified, so the page can ask for the
 * verification code before offering to accept. `isMember` says whether the caller is in already.
 */
export async function previewInvite<K extends InviteKind>(
  platform: Platform,
  ctx: SignedInContext,
  kind: K,
  input: { token: string; isMember: (invite: InviteByHash[K]) => Promise<boolean> },
) {
  const user = ctx.user;
  const invite = await findInviteByHash(platform.db, kind, hashInviteToken(input.token));
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
  const [alreadyMember, invitee] = await Promise.all([
    input.isMember(invite),
    findInviteeAddress(platform.db, user.id),
  ]);
  return {
    invite,
    shown: {
      team_name: invite.teamName,
      inviter_name: invite.invitedByName,
      email: invite.email,
      role: inviteRole(invite),
      state: inviteState(invite),
      expires_at: toSeconds(invite.expiresAt),
      email_matches: sameEmail(invite.email, invitee?.email ?? user.email),
      email_verified: invitee?.emailVerified ?? false,
      already_member: alreadyMember,
    },
  };
}

/**
 * Accepts an invite once: the row is locked, so two clicks (or two tabs) use it once, and only the
 * invited address, verified, may accept (`assertAcceptable`). `join` makes the caller a member in
 * the same transaction and answers what the caller needs next.
 */
export async function acceptInvite<K extends InviteKind, T>(
  platform: Platform,
  ctx: SignedInContext,
  kind: K,
  input: { token: string; join: (tx: Tx, invite: InviteByHash[K]) => Promise<T> },
): Promise<T> {
  const user = ctx.user;
  return platform.db.transaction(async (tx) => {
    const invite = await findInviteByHash(tx, kind, hashInviteToken(input.token), 'lock');
    if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
    const invitee = await findInviteeAddress(tx, user.id);
    if (!invitee) throw new AppError('BEARER_TOKEN_ERROR');
    assertAcceptable(invite, invitee);
    const joined = await input.join(tx, invite);
    await markAccepted(tx, kind, { inviteId: invite.id, userId: user.id });
    return joined;
  });
}
