import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import { fetchGoogleProfile, googleConsentUrl, newPkce } from './google-client';
import { consumeState, createState } from './oauth-state';
import { requireGoogle } from './social-config';
import { bindIdentity, type SocialOutcome, signInWithIdentity } from './social-identity.service';

/** The consent page URL for signing in (`userId` null) or for linking to the signed-in user. */
export async function createGoogleConsent(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: { purpose: 'sign_in'; next: string | null } | { purpose: 'bind'; userId: string },
): Promise<{ url: string }> {
  const client = await requireGoogle(platform);
  const pkce = newPkce();
  const state = await createState(platform, request, reply, {
    provider: 'google',
    purpose: flow.purpose,
    userId: flow.purpose === 'bind' ? flow.userId : null,
    next: flow.purpose === 'sign_in' ? flow.next : '/account/security',
    callbackRoute: null,
    wechatApp: null,
    codeVerifier: pkce.verifier,
  });
  return { url: googleConsentUrl(client, state, pkce.challenge) };
}

/**
 * The browser is back with `code` and `state`: spend the state, trade the code for the profile,
 * then sign in or link as the state says.
 */
export async function finishGoogle(
  platform: Platform,
  request: FastifyRequest,
  input: { code: string; state: string },
): Promise<SocialOutcome> {
  const ctx = request.ctx;
  const client = await requireGoogle(platform);
  const record = await consumeState(platform, request, 'google', input.state);
  if (!record.codeVerifier)
    throw new AppError('UNAUTHORIZED', { msg: 'This sign-in link is not valid. Please start again.' });
  const profile = await fetchGoogleProfile(ctx, client, input.code, record.codeVerifier);
  const verifiedEmail = profile.email && profile.emailVerified ? profile.email : null;
  const identity = {
    provider: 'google' as const,
    subject: profile.sub,
    displayName: profile.name ?? profile.email,
    verifiedEmail,
    name: profile.name ?? profile.email?.split('@')[0] ?? 'Google user',
    wechatOpenid: null,
  };
  return record.purpose === 'bind'
    ? bindIdentity(platform, ctx, record, identity)
    : signInWithIdentity(platform, ctx, record, identity);
}
