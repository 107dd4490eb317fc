import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';

export type WechatQrParams = EndpointResponse<typeof getWechatOpenWebConnectCreate>;

/**
 * The WeChat QR page built from the create answer, with WeChat's parameters in the order it
 * expects. Embedded in a frame it needs `login_type=jssdk` (what WeChat's own wxLogin.js sends);
 * `self_redirect=false` makes the page send the whole window, not the frame, to the callback.
 */
export function wechatQrPageUrl(params: WechatQrParams, embedded: boolean): string {
  const query = [
    `appid=${encodeURIComponent(params.appid)}`,
    `redirect_uri=${encodeURIComponent(params.redirect_uri)}`,
    'response_type=code',
    'scope=snsapi_login',
    `state=${encodeURIComponent(params.state)}`,
    ...(embedded ? ['login_type=jssdk', 'self_redirect=false'] : []),
  ].join('&');
  return `${params.qr_url}?${query}#wechat_redirect`;
}
