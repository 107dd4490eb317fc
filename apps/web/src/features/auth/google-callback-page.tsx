import { googleStatePurpose } from '@app/contract/connectors/google-oauth';
import { useLocation } from 'react-router';
import { GoogleConnectCallback } from './google-connect-callback';
import { SocialCallback } from './social-callback';

/**
 * `/google/oauth/code/callback?code&state`: where Google sends the browser back, both after
 * sign-in (or linking a sign-in) and after binding a connector. The state says which (a connector
 * state carries its own prefix); the server checks it either way.
 */
export function GoogleCallbackPage() {
  const location = useLocation();
  const state = new URLSearchParams(location.search).get('state');
  if (state && googleStatePurpose(state) === 'connect') return <GoogleConnectCallback />;
  return <SocialCallback provider="google" />;
}
