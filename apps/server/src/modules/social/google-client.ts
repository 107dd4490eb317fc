import { createHash, randomBytes } from 'node:crypto';
import type { RequestContext } from '../../platform/request-context';
import { callProvider, providerRefusal, str } from './provider-http';
import type { GoogleClient } from './social-config';

/** A PKCE pair: the verifier stays with the state, the challenge goes in the consent URL. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function googleConsentUrl(client: GoogleClient, state: string, codeChallenge: string): string {
  const url = new URL(client.authUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** The person as Google's userinfo endpoint describes them. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const REFUSED = 'Google refused the sign-in';

/** Code -> access token (token endpoint) -> profile (userinfo endpoint). */
export async function fetchGoogleProfile(
  ctx: RequestContext,
  client: GoogleClient,
  code: string,
  codeVerifier: string,
): Promise<GoogleProfile> {
  const token = await callProvider(ctx, 'Google', client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uri: client.redirectUri,
      grant_type: 'authorization_code',
      code_verifier: codeVerifier,
    }).toString(),
  });
  const accessToken = str(token.body.access_token);
  if (token.status !== 200 || !accessToken) {
    throw providerRefusal(ctx, REFUSED, token.body.error, token.body.error_description);
  }

  const info = await callProvider(ctx, 'Google', client.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const sub = str(info.body.sub);
  if (info.status !== 200 || !sub) {
    const error = info.body.error;
    // Google answers `{ error: { status, message } }` here, unlike the token endpoint.
    const nested = error && typeof error === 'object' ? (error as Record<string, unknown>) : null;
    throw providerRefusal(
      ctx,
      'Google did not share the account details',
      nested ? nested.status : error,
      nested ? nested.message : info.body.error_description,
    );
  }
  return {
    sub,
    email: str(info.body.email)?.toLowerCase() ?? null,
    emailVerified: info.body.email_verified === true || info.body.email_verified === 'true',
    name: str(info.body.name),
  };
}
