import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zConnectScope, zGoogleService, zJsonList, zThirdPartyPlatform } from './google-services';

const tags = ['connectors: google'];

/** One bound service: the Google account's name (spec: `payload[service].name`) and more. */
export const zBoundServicePayload = z.object({
  /** The Google account's name, or its e-mail when Google gives no name. */
  name: z.string(),
  email: z.string().nullable(),
  /** Google stopped accepting the binding (revoked at Google, password changed): reconnect it. */
  needs_reconnect: z.boolean(),
  bound_at: zSeconds,
  bound_by_user_id: z.string().nullable(),
});
export type BoundServicePayload = z.infer<typeof zBoundServicePayload>;

/** `platforms.google` of spec section 3: the services bound in the scope, each with its account. */
export const zGoogleBoundInfo = z.object({
  is_bound: z.boolean(),
  services: z.array(zGoogleService),
  payload: z.object({
    ga: zBoundServicePayload.optional(),
    gsc: zBoundServicePayload.optional(),
    gads: zBoundServicePayload.optional(),
  }),
});

/**
 * Spec section 3, "Bound-account info". The bind/revoke switch shows only when
 * `requestor_user_id` equals `data_owner_user_id` (spec section 6); the data owner of a team, and
 * of every project in it, is the team's owner.
 */
export const zBoundAccountInfo = z.object({
  platforms: z.object({ google: zGoogleBoundInfo.optional() }),
  requestor_user_id: z.string(),
  data_owner_user_id: z.string(),
});
export type BoundAccountInfo = z.infer<typeof zBoundAccountInfo>;

const zBoundInfoQuery = z.object({
  /** A JSON list, e.g. `["google"]`. */
  platforms: zJsonList(zThirdPartyPlatform, 'platforms'),
  ...zConnectScope,
});

export const getBoundAccountInfo = defineEndpoint({
  method: 'GET',
  path: '/api/account/bind/3rd-party-account/info',
  permission: 'signed_in',
  summary: 'Which third-party accounts are bound to the team or project, and who the data owner is',
  tags,
  query: zBoundInfoQuery,
  response: zBoundAccountInfo,
});

/** The admin variant: any team's or project's bindings (`team_id` or `project_id` of anyone). */
export const getAdminBoundAccountInfo = defineEndpoint({
  method: 'GET',
  path: '/api/admin/account/bind/3rd-party-account/info',
  permission: 'admin.integrations.read',
  summary: "Any team's bound third-party accounts (admin)",
  tags,
  query: zBoundInfoQuery,
  response: zBoundAccountInfo,
});
