import { SocialCallback } from './social-callback';

/** `/wechat-bind-callback?code&state`: where WeChat (QR login or official account) sends the browser back. */
export function WechatCallbackPage() {
  return <SocialCallback provider="wechat" />;
}
