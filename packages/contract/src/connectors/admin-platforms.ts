import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zGoogleService, zSyncStatus } from './google-services';

const tags = ['admin: integrations'];

/** A recent failure of a platform's bindings (a sync error, a refused token). */
export const zPlatformError = z.object({
  at: zSeconds,
  team_id: z.string(),
  team_name: z.string(),
  message: z.string(),
});

/**
 * One platform on `/admin/integ-3rd-platform/platforms`: each Google service (GA4, Search
 * Console, Ads) from the one Google OAuth client of the foreign-keys vault.
 */
export const zIntegPlatform = z.object({
  platform: zGoogleService,
  provider: z.literal('google'),
  label: z.string(),
  /** The credentials it needs are in the vault (Ads also needs the developer token). */
  configured: z.boolean(),
  /** Each credential it needs and whether it is present (never its value). */
  configuration: z.array(z.object({ key: z.string(), label: z.string(), present: z.boolean() })),
  /** Offered to teams; for Ads this is the global `gads_enable`. */
  enabled: z.boolean(),
  /** The dynamic config that holds the switch. */
  enabled_key: z.string(),
  scopes: z.array(z.string()),
  /** Teams with a binding of this service (team or project scope). */
  teams_bound: z.number().int(),
  bindings: z.number().int(),
  needs_reconnect: z.number().int(),
  /** Bindings whose sync is queued, running or waiting. */
  syncing: z.number().int(),
  last_errors: z.array(zPlatformError),
});
export type IntegPlatform = z.infer<typeof zIntegPlatform>;

export const listIntegPlatforms = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integ-3rd-platform/platforms',
  permission: 'admin.integrations.read',
  summary: 'Each third-party platform: configuration, switch, scopes, teams bound, last errors',
  tags,
  response: z.object({ items: z.array(zIntegPlatform) }),
});

/** Switches a platform on or off for every team (recorded); Ads writes `gads_enable`. */
export const putIntegPlatformEnabled = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/integ-3rd-platform/platforms/{platform}/enabled',
  permission: 'admin.integrations.edit',
  summary: 'Offer a platform to teams, or stop offering it',
  tags,
  params: z.object({ platform: zGoogleService }),
  body: z.object({ enabled: z.boolean() }),
  response: zIntegPlatform,
});

/** Any team's binding, for the admin to see and revoke (`postAdminGoogleRevoke`). */
export const zAdminBinding = z.object({
  id: z.string(),
  service: zGoogleService,
  team_id: z.string(),
  team_name: z.string(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  account_name: z.string(),
  account_email: z.string().nullable(),
  needs_reconnect: z.boolean(),
  selected_name: z.string().nullable(),
  sync_status: zSyncStatus,
  last_sync_at: zSeconds.nullable(),
  last_error: z.string().nullable(),
  bound_at: zSeconds,
  bound_by_email: z.string().nullable(),
});
export type AdminBinding = z.infer<typeof zAdminBinding>;

export const adminBindingListFields = defineListFields({
  service: { kind: 'text', filter: ['eq', 'in'], sort: true },
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  account_email: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  needs_reconnect: { kind: 'bool', filter: ['eq'], sort: true },
  sync_status: { kind: 'text', filter: ['eq', 'in'], sort: true },
  bound_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q` searches team names and account e-mails. */
export const listAdminBindings = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integ-3rd-platform/bindings',
  permission: 'admin.integrations.read',
  summary: "Every team's bound third-party accounts",
  tags,
  query: zListQueryOf(adminBindingListFields),
  response: zListResponse(zAdminBinding),
});
