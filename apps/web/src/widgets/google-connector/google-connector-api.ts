import { getAdminBoundAccountInfo, getBoundAccountInfo } from '@app/contract/connectors/bound-account';
import {
  type ConnectCallbackResult,
  type ConnectType,
  postAdminGoogleConnectCreate,
  postAdminGoogleRevoke,
  postGoogleConnectCallback,
  postGoogleConnectCreate,
  postGoogleRevoke,
} from '@app/contract/connectors/google-oauth';
import type { GoogleService } from '@app/contract/connectors/google-services';
import {
  getIntegMetadata,
  putIntegMetadataSelected,
  type SelectedBody,
} from '@app/contract/connectors/metadata';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { leaveForProvider } from '../social/browser';

/**
 * Spec section 6: project and team identifiers may scope the Google calls. Empty: the caller's
 * current team.
 */
export interface ConnectorScope {
  project_id?: string;
  team_id?: string;
}

/** Every query of the connector starts with this key, so one invalidation refreshes them all. */
export const googleConnectorKey = ['google-connector'] as const;

/** Drops empty ids: the contract refuses an empty string, and "no scope" means the current team. */
export function scopeParams(scope: ConnectorScope | undefined): ConnectorScope {
  return {
    ...(scope?.project_id ? { project_id: scope.project_id } : {}),
    ...(scope?.team_id ? { team_id: scope.team_id } : {}),
  };
}

/**
 * Spec section 3, "Bound-account info", through the admin variant when `admin` is set (spec
 * section 6: the admin flag switches the Google calls to their admin variants). Admin calls are
 * silent: the widget shows their raw reasons itself.
 */
export function boundInfoQuery(admin: boolean, scope?: ConnectorScope) {
  // Spec section 7: `platforms` is a JSON list; in a query string it travels as its JSON text.
  const query = { platforms: JSON.stringify(['google']), ...scopeParams(scope) };
  return queryOptions({
    queryKey: [...googleConnectorKey, 'bound-info', admin ? 'admin' : 'user', query],
    queryFn: ({ signal }) =>
      admin
        ? callApi(getAdminBoundAccountInfo, { query, signal, silent: true })
        : callApi(getBoundAccountInfo, { query, signal }),
  });
}

/** What each bound Google account offers and what is chosen (the data owner only). */
export function metadataQuery(scope?: ConnectorScope, platform?: GoogleService) {
  const query = { ...scopeParams(scope), ...(platform ? { platform } : {}) };
  return queryOptions({
    queryKey: [...googleConnectorKey, 'metadata', query],
    queryFn: ({ signal }) => callApi(getIntegMetadata, { query, signal }),
  });
}

export interface ConnectRequest {
  admin: boolean;
  service: GoogleService;
  type?: ConnectType;
  scope?: ConnectorScope;
  /** The full current route path with its query (spec section 2), where Google's answer returns. */
  callbackRoute: string;
}

/**
 * Unbound becomes bound via a redirect to the provider's consent (spec section 4). The state the
 * server signs carries the full current route path (spec section 2, `callback_route`), where the
 * callback page returns afterwards.
 */
export async function startGoogleConnect({
  admin,
  service,
  type = 'bind',
  scope,
  callbackRoute,
}: ConnectRequest) {
  const body = { type, service_type: service, callback_route: callbackRoute, ...scopeParams(scope) };
  const { url } = admin
    ? await callApi(postAdminGoogleConnectCreate, { body, silent: true })
    : await callApi(postGoogleConnectCreate, { body });
  leaveForProvider(url);
}

export function revokeGoogle(admin: boolean, services: GoogleService[], scope?: ConnectorScope) {
  const body = { service_types: services, ...scopeParams(scope) };
  return admin ? callApi(postAdminGoogleRevoke, { body, silent: true }) : callApi(postGoogleRevoke, { body });
}

export function saveSelection(body: SelectedBody) {
  return callApi(putIntegMetadataSelected, { body });
}

const finishing = new Map<string, Promise<ConnectCallbackResult>>();

/**
 * Finishes a binding with the code and state Google returned, once per state whatever re-renders
 * or remounts happen (the server spends a state on first use and would refuse a second). Silent:
 * the callback page shows every outcome itself.
 */
export function finishGoogleConnect(code: string, state: string): Promise<ConnectCallbackResult> {
  let pending = finishing.get(state);
  if (!pending) {
    pending = callApi(postGoogleConnectCallback, { body: { code, state }, silent: true });
    finishing.set(state, pending);
  }
  return pending;
}
