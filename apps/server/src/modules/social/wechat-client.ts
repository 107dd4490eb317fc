import type { RequestContext } from '../../platform/request-context';
import { callProvider, providerRefusal, str } from './provider-http';
import type { WechatApp } from './social-config';

/** `snsapi_login`: QR login. `snsapi_base`: silent, openid only. `snsapi_userinfo`: with consent, the profile. */
export type WechatScope = 'snsapi_login' | 'snsapi_base' | 'snsapi_userinfo';

/**
 * The provider page URL. WeChat reads the parameters in this exact order and wants the
 * `#wechat_redirect` fragment.
 */
export function wechatAuthorizeUrl(app: WechatApp, scope: WechatScope, state: string): string {
  const query = [
    `appid=${encodeURIComponent(app.appId)}`,
    `redirect_uri=${encodeURIComponent(app.redirectUri)}`,
    'response_type=code',
    `scope=${scope}`,
    `state=${state}`,
  ].join('&');
  return `${app.authUrl}?${query}#wechat_redirect`;
}

export interface WechatProfile {
  openid: string;
  unionid: string | null;
  nickname: string | null;
}

const REFUSED = 'WeChat refused the sign-in';

/** WeChat answers 200 with `{ errcode, errmsg }` when it refuses. */
function refusal(ctx: RequestContext, lead: string, body: Record<string, unknown>) {
  return providerRefusal(ctx, lead, body.errcode, body.errmsg);
}

/**
 * Code -> access token and openid (`/sns/oauth2/access_token`); with a profile scope also the
 * nickname and unionid (`/sns/userinfo`). The silent scope may not read the profile.
 */
export async function fetchWechatProfile(
  ctx: RequestContext,
  app: WechatApp,
  code: string,
  withProfile: boolean,
): Promise<WechatProfile> {
  const tokenUrl = new URL(`${app.apiBaseUrl}/sns/oauth2/access_token`);
  tokenUrl.search = new URLSearchParams({
    appid: app.appId,
    secret: app.appSecret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  const token = await callProvider(ctx, 'WeChat', tokenUrl.toString());
  const accessToken = str(token.body.access_token);
  const openid = str(token.body.openid);
  if (token.body.errcode || !accessToken || !openid) throw refusal(ctx, REFUSED, token.body);
  const fromToken = { openid, unionid: str(token.body.unionid), nickname: null };
  if (!withProfile) return fromToken;

  const infoUrl = new URL(`${app.apiBaseUrl}/sns/userinfo`);
  infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' }).toString();
  const info = await callProvider(ctx, 'WeChat', infoUrl.toString());
  if (info.body.errcode) throw refusal(ctx, 'WeChat did not share the account details', info.body);
  return {
    openid,
    unionid: str(info.body.unionid) ?? fromToken.unionid,
    nickname: str(info.body.nickname),
  };
}
