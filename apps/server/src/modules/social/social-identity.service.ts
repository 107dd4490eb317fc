import { randomBytes } from 'node:crypto';
import type { SocialAccount, SocialCallbackResult } from '@app/contract/social/social';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@app/contract/user/mask-email';
import { AppError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { withAuthErrors } from '../auth/auth-errors';
import type { StateRecord } from './oauth-state';
import {
  findBySubject,
  findByWechatOpenid,
  findForUser,
  findUserByEmail,
  findUserById,
  insertLink,
  rememberWechatOpenid,
  type SocialAccountRow,
  touchLink,
} from './social-accounts.repo';
import { openSocialSession } from './social-session';

/** The person a provider vouched for, in the terms this module matches accounts by. */
export interface ProviderIdentity {
  provider: 'google' | 'wechat';
  /** Google `sub`; WeChat `unionid`, else `<appid>:<openid>`. */
  subject: string;
  /** What the provider calls the person now; null when it did not say (WeChat's silent scope). */
  displayName: string | null;
  /** Google's address, only when Google verified it. */
  verifiedEmail: string | null;
  /** Name for a new account (and for the link when the provider gave no display name). */
  name: string;
  /** WeChat: the openid under the app that answered (the silent flow finds accounts by it). */
  wechatOpenid: { appId: string; openid: string } | null;
}

export interface SocialOutcome {
  answer: SocialCallbackResult;
  /** A new session to put in the token cookie. */
  session: { token: string; expiresAt: Date } | null;
}

const MESSAGES = {
  google: {
    takenByOther: 'This Google account is already linked to another user',
    alreadyHave: 'Your account is already linked to another Google account. Unlink it first.',
  },
  wechat: {
    takenByOther: 'This WeChat account is already linked to another user',
    alreadyHave: 'Your account is already linked to another WeChat account. Unlink it first.',
  },
} as const;

export function toSocialAccount(row: SocialAccountRow): SocialAccount {
  return {
    id: row.id,
    provider: row.provider === 'wechat' ? 'wechat' : 'google',
    display_name: row.displayName,
    email: row.email,
    created_at: toSeconds(row.createdAt),
    last_used_at: row.lastUsedAt ? toSeconds(row.lastUsedAt) : null,
  };
}

function baseAnswer(record: StateRecord): SocialCallbackResult {
  return {
    purpose: record.purpose,
    token: null,
    user: null,
    two_factor_required: false,
    created: false,
    account: null,
    next: record.next,
    ...(record.callbackRoute ? { callback_route: record.callbackRoute } : {}),
  };
}

/**
 * The link this person already has: by subject, or (WeChat) by an openid seen before. A WeChat
 * link first made without a unionid moves onto the unionid once WeChat reveals it, so the other
 * WeChat app finds it too.
 */
async function findExistingLink(
  platform: Platform,
  identity: ProviderIdentity,
): Promise<SocialAccountRow | null> {
  const bySubject = await findBySubject(platform.db, identity.provider, identity.subject);
  if (bySubject || !identity.wechatOpenid) return bySubject;
  const byOpenid = await findByWechatOpenid(
    platform.db,
    identity.wechatOpenid.appId,
    identity.wechatOpenid.openid,
  );
  // No row holds the unionid (looked up above), so the link can take it.
  if (byOpenid && !identity.subject.includes(':')) {
    await touchLink(platform.db, byOpenid.id, {
      displayName: byOpenid.displayName,
      subject: identity.subject,
    });
    return { ...byOpenid, subject: identity.subject };
  }
  return byOpenid;
}

async function noteUse(platform: Platform, link: SocialAccountRow, identity: ProviderIdentity) {
  await touchLink(platform.db, link.id, {
    displayName: identity.displayName ?? link.displayName,
    ...(identity.provider === 'google' ? { email: identity.verifiedEmail } : {}),
  });
  if (identity.wechatOpenid) {
    await rememberWechatOpenid(
      platform.db,
      identity.wechatOpenid.appId,
      identity.wechatOpenid.openid,
      link.id,
    );
  }
}

async function signInAs(
  platform: Platform,
  ctx: RequestContext,
  record: StateRecord,
  userId: string,
  link: SocialAccountRow,
  created: boolean,
): Promise<SocialOutcome> {
  const user = await findUserById(platform.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', { msg: 'This account no longer exists' });
  const opened = await openSocialSession(
    platform,
    ctx,
    user,
    link.provider === 'wechat' ? 'wechat' : 'google',
  );
  const answer = { ...baseAnswer(record), created, account: toSocialAccount(link) };
  if (opened.kind === 'two_factor') {
    return {
      answer: {
        ...answer,
        two_factor_required: true,
        two_factor_token: opened.challenge,
        two_factor_methods: ['totp', 'recovery_code'],
      },
      session: null,
    };
  }
  return {
    answer: { ...answer, token: opened.token, user: { id: user.id, email: user.email, name: user.name } },
    session: { token: opened.token, expiresAt: opened.expiresAt },
  };
}

/** Links the person to a user; null when someone else linked them a moment earlier. */
async function link(platform: Platform, userId: string, identity: ProviderIdentity) {
  const row = await insertLink(platform.db, {
    userId,
    provider: identity.provider,
    subject: identity.subject,
    displayName: identity.displayName ?? identity.name,
    email: identity.verifiedEmail,
  });
  if (row && identity.wechatOpenid) {
    await rememberWechatOpenid(
      platform.db,
      identity.wechatOpenid.appId,
      identity.wechatOpenid.openid,
      row.id,
    );
  }
  return row;
}

/**
 * A new user, made through better-auth's adapter so its hooks run exactly as for an e-mail
 * sign-up (the personal team). No password: they sign in with the provider.
 */
async function createUserFor(platform: Platform, identity: ProviderIdentity) {
  const authContext = await platform.auth.$context;
  const email =
    identity.verifiedEmail ?? `wechat-${randomBytes(10).toString('hex')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
  const user = await withAuthErrors(() =>
    authContext.internalAdapter.createUser(
      {
        name: identity.name.slice(0, 64),
        email,
        emailVerified: identity.verifiedEmail !== null,
      },
      { method: 'oauth', oauth: { providerId: identity.provider } },
    ),
  );
  if (!user) throw new Error('the auth library created no user');
  return { id: user.id, delete: () => authContext.internalAdapter.deleteUser(user.id) };
}

export const EMAIL_TAKEN_UNVERIFIED =
  'An account with this e-mail address already exists. Sign in with your password, then link Google in Account > Security.';
export const GOOGLE_EMAIL_UNVERIFIED =
  'Your Google account has no verified e-mail address, so it cannot be used to create an account';

/**
 * Sign in: the user linked to this person; else (Google) the user whose e-mail Google verified,
 * linked now, if we verified that address too; else a new user. A local account whose address
 * nobody verified is not taken over: whoever registered it may not own the address.
 */
export async function signInWithIdentity(
  platform: Platform,
  ctx: RequestContext,
  record: StateRecord,
  identity: ProviderIdentity,
  retried = false,
): Promise<SocialOutcome> {
  const existing = await findExistingLink(platform, identity);
  if (existing) {
    await noteUse(platform, existing, identity);
    return signInAs(platform, ctx, record, existing.userId, existing, false);
  }

  if (identity.provider === 'google') {
    if (!identity.verifiedEmail) throw new AppError('UNAUTHORIZED', { msg: GOOGLE_EMAIL_UNVERIFIED });
    const owner = await findUserByEmail(platform.db, identity.verifiedEmail);
    if (owner) {
      if (!owner.emailVerified) throw new AppError('CONFLICT', { msg: EMAIL_TAKEN_UNVERIFIED });
      if (await findForUser(platform.db, owner.id, 'google')) {
        throw new AppError('CONFLICT', { msg: MESSAGES.google.alreadyHave });
      }
      const row = await link(platform, owner.id, identity);
      if (!row && !retried) return signInWithIdentity(platform, ctx, record, identity, true);
      if (!row) throw new AppError('CONFLICT', { msg: MESSAGES.google.takenByOther });
      // Anonymous actor: nobody was signed in; the target says whose account was linked.
      await recordOperation(
        platform.db,
        ctx,
        { action: 'user.social.link', targetType: 'user', targetId: owner.id },
        { after: { provider: 'google', matched_by: 'verified_email' } },
      );
      return signInAs(platform, ctx, record, owner.id, row, false);
    }
  }

  const created = await createUserFor(platform, identity);
  const row = await link(platform, created.id, identity);
  if (!row) {
    // Linked to someone else between our lookup and now: drop the spare account, use theirs.
    await created.delete();
    if (!retried) return signInWithIdentity(platform, ctx, record, identity, true);
    throw new AppError('CONFLICT', { msg: MESSAGES[identity.provider].takenByOther });
  }
  return signInAs(platform, ctx, record, created.id, row, true);
}

/** Links the person to the signed-in user who started the flow. */
export async function bindIdentity(
  platform: Platform,
  ctx: RequestContext,
  record: StateRecord,
  identity: ProviderIdentity,
): Promise<SocialOutcome> {
  const user = ctx.user;
  if (!user) throw new AppError('BEARER_TOKEN_ERROR');
  if (user.id !== record.userId) {
    throw new AppError('FORBIDDEN', {
      msg: 'This link was started by another account. Sign in as that account and try again.',
    });
  }
  const messages = MESSAGES[identity.provider];
  const existing = await findExistingLink(platform, identity);
  if (existing) {
    if (existing.userId !== user.id) throw new AppError('CONFLICT', { msg: messages.takenByOther });
    await noteUse(platform, existing, identity);
    return { answer: { ...baseAnswer(record), account: toSocialAccount(existing) }, session: null };
  }
  if (await findForUser(platform.db, user.id, identity.provider)) {
    throw new AppError('CONFLICT', { msg: messages.alreadyHave });
  }
  const row = await link(platform, user.id, identity);
  if (!row) throw new AppError('CONFLICT', { msg: messages.takenByOther });
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.social.link', targetType: 'user', targetId: user.id },
    { after: { provider: identity.provider, display_name: row.displayName } },
  );
  return {
    answer: { ...baseAnswer(record), account: toSocialAccount(row) },
    session: null,
  };
}

/**
 * The silent WeChat authorisation (official account, `snsapi_base`): signs a visitor in only when
 * their WeChat is already linked; otherwise answers no token and the web asks for consent
 * (`type=login`). A visitor already signed in keeps their session.
 */
export async function silentIdentity(
  platform: Platform,
  ctx: RequestContext,
  record: StateRecord,
  identity: ProviderIdentity,
): Promise<SocialOutcome> {
  const existing = await findExistingLink(platform, identity);
  if (!existing || ctx.user) return { answer: baseAnswer(record), session: null };
  await noteUse(platform, existing, identity);
  return signInAs(platform, ctx, record, existing.userId, existing, false);
}
