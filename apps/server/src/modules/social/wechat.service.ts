import { zOffiMeta } from '@app/contract/social/wechat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import { consumeState, createState, type StatePurpose } from './oauth-state';
import { requireWechat } from './social-config';
import {
  bindIdentity,
  type SocialOutcome,
  signInWithIdentity,
  silentIdentity,
} from './social-identity.service';
import { fetchWechatProfile, wechatAuthorizeUrl } from './wechat-client';

function requireSignedIn(request: FastifyRequest): string {
  // `bind` links to the caller, so the create call itself must carry their session.
  if (!request.ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
  return request.ctx.user.id;
}

/** The QR panel's parameters (website app, `snsapi_login`). */
export async function createWechatQr(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { type: 'login' | 'bind'; next?: string },
) {
  const app = requireWechat(platform.config, 'open');
  const userId = query.type === 'bind' ? requireSignedIn(request) : null;
  const state = await createState(platform, request, reply, {
    provider: 'wechat',
    purpose: query.type === 'bind' ? 'bind' : 'sign_in',
    userId,
    next: query.type === 'bind' ? '/account/security' : (query.next ?? null),
    callbackRoute: null,
    wechatApp: 'open',
    codeVerifier: null,
  });
  return { appid: app.appId, redirect_uri: app.redirectUri, state, qr_url: app.authUrl };
}

export const CALLBACK_ROUTE_MISSING = 'The route to come back to is missing';

/**
 * `meta` is JSON text (spec section 7) carrying `callback_route`, the full current route path.
 * Any problem with it, bad JSON included, is reported on `meta.callback_route`.
 */
function callbackRouteFrom(meta: string | undefined, required: boolean): string | null {
  if (meta === undefined || meta.trim() === '') {
    if (required) throw validationError({ 'meta.callback_route': CALLBACK_ROUTE_MISSING });
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(meta);
  } catch {
    throw validationError({ 'meta.callback_route': CALLBACK_ROUTE_MISSING });
  }
  const result = zOffiMeta.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const missing = !parsed || typeof parsed !== 'object' || !('callback_route' in parsed);
    throw validationError({
      'meta.callback_route': missing ? CALLBACK_ROUTE_MISSING : (issue?.message ?? CALLBACK_ROUTE_MISSING),
    });
  }
  return result.data.callback_route;
}

/** The official-account authorisation URL (inside the WeChat browser). */
export async function createWechatOffi(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { type: 'base' | 'login' | 'bind'; meta?: string },
) {
  const callbackRoute = callbackRouteFrom(query.meta, query.type === 'base');
  const app = requireWechat(platform.config, 'offi');
  const userId = query.type === 'bind' ? requireSignedIn(request) : null;
  const purpose: StatePurpose = query.type === 'login' ? 'sign_in' : query.type;
  const state = await createState(platform, request, reply, {
    provider: 'wechat',
    purpose,
    userId,
    next: callbackRoute ?? (query.type === 'bind' ? '/account/security' : null),
    callbackRoute,
    wechatApp: 'offi',
    codeVerifier: null,
  });
  const scope = query.type === 'base' ? 'snsapi_base' : 'snsapi_userinfo';
  return { msg_type: 'success' as const, url: wechatAuthorizeUrl(app, scope, state) };
}

/** Back from WeChat (either app): spend the state, read the person, then act as the state says. */
export async function finishWechat(
  platform: Platform,
  request: FastifyRequest,
  input: { code: string; state: string },
): Promise<SocialOutcome> {
  const ctx = request.ctx;
  const record = await consumeState(platform, request, 'wechat', input.state);
  const app = requireWechat(platform.config, record.wechatApp === 'offi' ? 'offi' : 'open');
  const profile = await fetchWechatProfile(ctx, app, input.code, record.purpose !== 'base');
  const identity = {
    provider: 'wechat' as const,
    subject: profile.unionid ?? `${app.appId}:${profile.openid}`,
    displayName: profile.nickname,
    verifiedEmail: null,
    name: profile.nickname ?? ctx.t('WeChat user'),
    wechatOpenid: { appId: app.appId, openid: profile.openid },
  };
  if (record.purpose === 'bind') return bindIdentity(platform, ctx, record, identity);
  if (record.purpose === 'base') return silentIdentity(platform, ctx, record, identity);
  return signInWithIdentity(platform, ctx, record, identity);
}
