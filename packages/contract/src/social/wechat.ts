import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zCodeCallbackBody, zNextPath, zSocialCallbackResult } from './social';

const tags = ['social sign-in'];

/**
 * Website QR login (WeChat Open Platform). The web draws the QR panel from
 * `${qr_url}?appid&redirect_uri&response_type=code&scope=snsapi_login&state#wechat_redirect`;
 * after the scan WeChat sends the browser to `/wechat-bind-callback?code&state`.
 */
export const getWechatOpenWebConnectCreate = defineEndpoint({
  method: 'GET',
  path: '/api/wechat/open-web/oauth/connect/create',
  permission: 'public',
  summary: 'Parameters of the WeChat QR login panel (sign in or link)',
  tags,
  query: z.object({
    type: z.enum(['login', 'bind'], { message: 'Choose login or bind' }),
    next: zNextPath.optional(),
  }),
  response: z.object({
    appid: z.string(),
    redirect_uri: z.string(),
    state: z.string(),
    /** The provider's QR page (configurable so tests and proxies can stand in). */
    qr_url: z.string(),
  }),
});

/** `meta` of the official-account call: JSON text carrying the full current route path. */
export const zOffiMeta = z.object({ callback_route: zNextPath });

/**
 * Official-account authorisation inside the WeChat browser. `type=base` is silent (snsapi_base,
 * only the openid) and needs `meta` = `{"callback_route": "/full/path?query"}`; `login` and `bind`
 * ask for the profile (snsapi_userinfo). Answers the URL to send the browser to.
 */
export const getWechatOffiConnectCreate = defineEndpoint({
  method: 'GET',
  path: '/api/wechat/offi/oauth/connect/create',
  permission: 'public',
  summary: 'The WeChat official-account authorisation URL (inside the WeChat browser)',
  tags,
  query: z.object({
    type: z.enum(['base', 'login', 'bind'], { message: 'Choose base, login or bind' }),
    meta: z.string().max(4000, { message: 'Input exceeds maximum length' }).optional(),
  }),
  response: z.object({ url: z.string() }),
});

export const postWechatCodeCallback = defineEndpoint({
  method: 'POST',
  path: '/api/wechat/oauth/code/callback',
  permission: 'public',
  summary: 'Finish a WeChat sign-in, link or silent authorisation with the code and state',
  tags,
  body: zCodeCallbackBody,
  response: zSocialCallbackResult,
});
