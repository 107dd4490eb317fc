import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { zBoundGoogleAccount } from './google-oauth';
import { zConnectScope, zDayRange, zGoogleService, zSyncPhase, zSyncStatus } from './google-services';

const tags = ['connectors: google'];

/** The sync of one bound service: where it stands, how far it got, when it goes on. */
export const zConnectorSync = z.object({
  status: zSyncStatus,
  phase: zSyncPhase.nullable(),
  /** 0..1 of the date windows of the current run; null before the first run. */
  progress: z.number().min(0).max(1).nullable(),
  /** The range the current (or last) run reads. */
  range: zDayRange.nullable(),
  /** Rows written by the current (or last) run. */
  rows: z.number().int(),
  started_at: zSeconds.nullable(),
  finished_at: zSeconds.nullable(),
  /** When a waiting run resumes by itself. */
  next_attempt_at: zSeconds.nullable(),
});
export type ConnectorSync = z.infer<typeof zConnectorSync>;

/**
 * How fresh the team's data of this service is: `fresh` when the last sync finished within 36
 * hours, `stale` after that, `none` before any data was synced.
 */
export const zConnectorFreshness = z.object({
  state: z.enum(['fresh', 'stale', 'none']),
  synced_at: zSeconds.nullable(),
  /** The last day held complete. */
  complete_through: z.string().nullable(),
});

/** One service on `/account/connectors`. */
export const zConnectorService = z.object({
  service: zGoogleService,
  label: z.string(),
  /**
   * Offered here: the Google client is configured, an admin has the service switched on, and for
   * Ads the global `gads_enable` is on. A bound service that stops being offered keeps its data
   * but does not sync.
   */
  available: z.boolean(),
  /** Why it is not offered, in words to show; null when it is. */
  unavailable_reason: z.string().nullable(),
  bound: z.boolean(),
  needs_reconnect: z.boolean(),
  account: zBoundGoogleAccount.nullable(),
  /** The chosen property, site or customer: its id (`properties/1`, a site URL, a customer id) and name. */
  selected: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The days the team's store holds for it. */
  data_range: zDayRange.nullable(),
  last_sync_at: zSeconds.nullable(),
  freshness: zConnectorFreshness,
  sync: zConnectorSync,
  last_error: z.object({ message: z.string(), at: zSeconds }).nullable(),
});
export type ConnectorService = z.infer<typeof zConnectorService>;

export const zConnectorsStatus = z.object({
  requestor_user_id: z.string(),
  data_owner_user_id: z.string(),
  /** Spec section 6: only the data owner binds, revokes and chooses. */
  is_data_owner: z.boolean(),
  /** The global config of spec section 3. */
  gads_enable: z.boolean(),
  team_id: z.string(),
  project_id: z.string().nullable(),
  services: z.array(zConnectorService),
});
export type ConnectorsStatus = z.infer<typeof zConnectorsStatus>;

export const getConnectorsStatus = defineEndpoint({
  method: 'GET',
  path: '/api/integ-3rd-platform/connectors',
  permission: 'signed_in',
  summary: 'Per Google service: bound account, choice, data held, last sync, freshness, progress, last error',
  tags,
  query: z.object(zConnectScope),
  response: zConnectorsStatus,
});

/**
 * Starts a sync at once (a waiting one resumes now). A running or queued sync is left as it is
 * and answered. Any member of the scope may ask; nothing to sync (no choice yet, needs reconnect)
 * is CONFLICT.
 */
export const postConnectorSync = defineEndpoint({
  method: 'POST',
  path: '/api/integ-3rd-platform/connectors/sync',
  permission: 'signed_in',
  summary: 'Sync a bound Google service now',
  tags,
  body: z.object({ service: zGoogleService, ...zConnectScope }),
  response: zConnectorService,
});
