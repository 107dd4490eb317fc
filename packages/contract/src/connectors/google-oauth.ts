import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zNextPath } from '../social/social';
import { zConnectScope, zGoogleService, zJsonList } from './google-services';

const tags = ['connectors: google'];

/**
 * Binding a Google service to a team or project (spec sections 4, 6 and 7). OAuth 2 authorization
 * code with offline access and PKCE; the `state` is signed by the server and carries the user,
 * team, project, service and the full `callback_route`. Google returns the browser to the web page
 * `/google/oauth/code/callback`, the same page Google sign-in returns to: the page tells the two
 * flows apart by the state's purpose (`googleStatePurpose`) and posts a connect state to
 * `postGoogleConnectCallback`, any other to the sign-in callback.
 */

/** Every connect state starts with this; sign-in states are 96 hex characters. */
export const GOOGLE_CONNECT_STATE_PREFIX = 'gc1.';

/** What a state returned by Google is for, read without checking it (the server checks). */
export function googleStatePurpose(state: string): 'connect' | 'sign_in' {
  return state.startsWith(GOOGLE_CONNECT_STATE_PREFIX) ? 'connect' : 'sign_in';
}

/**
 * `bind`: connect a service not bound yet in this scope (a bound one is CONFLICT: revoke first).
 * `reconnect`: authorise again a binding Google stopped accepting ('needs reconnect'); it must be
 * the same Google account, and the chosen property and the data already synced are kept.
 */
export const zConnectType = z.enum(['bind', 'reconnect']);
export type ConnectType = z.infer<typeof zConnectType>;

/**
 * The route to come back to after Google: the full current route path with its query (spec
 * section 2, "OAuth callback_route carries the full current route path"); an in-app path only.
 */
export const zCallbackRoute = zNextPath.pipe(
  z.string().max(1000, { message: 'Input exceeds maximum length' }),
);

const zConnectCreateBody = z.object({
  type: zConnectType.default('bind'),
  service_type: zGoogleService,
  /** Default: `/account/connectors` (admin: `/admin/integ-3rd-platform/platforms`). */
  callback_route: zCallbackRoute.optional(),
  ...zConnectScope,
});
export type ConnectCreateBody = z.input<typeof zConnectCreateBody>;

/** Google's consent page, with the signed state and the PKCE challenge. */
const zConsentUrl = z.object({ url: z.string() });

/**
 * Only the data owner may bind (spec section 6); Google Ads only while the global `gads_enable`
 * is on; a service an admin switched off, or a server without the Google client, is CONFLICT.
 */
export const postGoogleConnectCreate = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/connect/create',
  permission: 'signed_in',
  summary: 'Start binding a Google service; answers the consent page URL',
  tags,
  body: zConnectCreateBody,
  response: zConsentUrl,
});

/** The admin variant: an operator binds an account to any team or project (recorded). */
export const postAdminGoogleConnectCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/google/oauth/connect/create',
  permission: 'admin.integrations.edit',
  summary: 'Start binding a Google service to any team or project (admin)',
  tags,
  body: zConnectCreateBody,
  response: zConsentUrl,
});

export const zConnectCallbackBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, { message: 'The provider sent no code' })
    .max(2048, { message: 'Input exceeds maximum length' }),
  state: z
    .string()
    .trim()
    .min(1, { message: 'The provider sent no state' })
    .max(4096, { message: 'Input exceeds maximum length' }),
});

/** The Google account a service is bound with, as Google names it. */
export const zBoundGoogleAccount = z.object({
  name: z.string(),
  email: z.string().nullable(),
});

/**
 * The binding is made. `callback_route` is where the page goes next (it came signed in the state);
 * `needs_selection` says the property, site or customer is still to be chosen (the metadata call).
 */
export const zConnectCallbackResult = z.object({
  purpose: z.literal('connect'),
  service: zGoogleService,
  type: zConnectType,
  admin: z.boolean(),
  account: zBoundGoogleAccount,
  team_id: z.string(),
  project_id: z.string().nullable(),
  callback_route: z.string(),
  needs_selection: z.boolean(),
});
export type ConnectCallbackResult = z.infer<typeof zConnectCallbackResult>;

/**
 * Finishes a binding: the state is checked and spent (single use, 10 minutes), the signed-in user
 * must be the one who started it, then the code is traded (with the PKCE verifier) for tokens that
 * are stored sealed.
 */
export const postGoogleConnectCallback = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/connect/callback',
  permission: 'signed_in',
  summary: 'Finish binding a Google service with the code and state Google returned',
  tags,
  body: zConnectCallbackBody,
  response: zConnectCallbackResult,
});

const zRevokeBody = z.object({
  service_types: zJsonList(zGoogleService, 'service_types'),
  ...zConnectScope,
});
export type RevokeBody = z.input<typeof zRevokeBody>;

/** The services whose binding was removed (those not bound are left out). */
const zRevokeResult = z.object({ revoked: z.array(zGoogleService) });

/**
 * Revokes the grant at Google (unless another binding still uses the same Google account), deletes
 * the tokens, stops the sync and removes the synced rows of the scope's property, site or customer
 * (unless another binding of the team still selects it). Data owner only.
 */
export const postGoogleRevoke = defineEndpoint({
  method: 'POST',
  path: '/api/google/oauth/revoke',
  permission: 'signed_in',
  summary: 'Revoke Google services bound to a team or project',
  tags,
  body: zRevokeBody,
  response: zRevokeResult,
});

/** The admin variant: revoke any team's binding (recorded). */
export const postAdminGoogleRevoke = defineEndpoint({
  method: 'POST',
  path: '/api/admin/google/oauth/revoke',
  permission: 'admin.integrations.edit',
  summary: "Revoke any team's Google services (admin)",
  tags,
  body: zRevokeBody,
  response: zRevokeResult,
});
