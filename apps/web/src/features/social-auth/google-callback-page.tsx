import { SocialCallback } from './social-callback';

/** `/google/oauth/code/callback?code&state`: where Google sends the browser back. */
export function GoogleCallbackPage() {
  return <SocialCallback provider="google" />;
}
