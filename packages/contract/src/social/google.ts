import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zCodeCallbackBody, zNextPath, zSocialCallbackResult } from './social';

const tags = ['social sign-in'];

/** The provider's consent page to send the browser to, with a signed single-use `state`. */
const zConsentUrl = z.object({ url: z.string() });

/**
 * Starts "Continue with Google". The browser comes back to `/google/oauth/code/callback?code&state`,
 * whose page posts both to `POST /api/google/oauth/code/callback`. The flow is tied to this
 * browser by an http-only cookie, so it must be finished where it was started.
 */
export const postGoogleSignInCreate = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/sign-in/create',
  permission: 'public',
  summary: 'Start signing in with Google; answers the consent page URL',
  tags,
  body: z.object({ next: zNextPath.optional() }),
  response: zConsentUrl,
});

/** Starts linking a Google account to the signed-in user (Account > Security). */
export const postGoogleBindCreate = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/bind/create',
  permission: 'signed_in',
  summary: 'Start linking a Google account; answers the consent page URL',
  tags,
  body: z.object({}),
  response: zConsentUrl,
});

export const postGoogleCodeCallback = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/code/callback',
  permission: 'public',
  summary: 'Finish a Google sign-in or link with the code and state the provider returned',
  tags,
  body: zCodeCallbackBody,
  response: zSocialCallbackResult,
});
