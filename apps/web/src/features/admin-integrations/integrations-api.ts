import { getIntegInterfaces, listExternalCalls } from '@app/contract/connectors/admin-interfaces';
import {
  listAdminBindings,
  listIntegPlatforms,
  putIntegPlatformEnabled,
} from '@app/contract/connectors/admin-platforms';
import type { GoogleService } from '@app/contract/connectors/google-services';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const integrationsKey = ['admin', 'integrations'] as const;

export const platformsQuery = () =>
  queryOptions({
    queryKey: [...integrationsKey, 'platforms'],
    queryFn: ({ signal }) => callApi(listIntegPlatforms, { signal }),
  });

export const setPlatformEnabled = (platform: GoogleService, enabled: boolean) =>
  callApi(putIntegPlatformEnabled, { params: { platform }, body: { enabled } });

export function fetchBindings(
  query: EndpointQuery<typeof listAdminBindings>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminBindings, { query, signal });
}

export const interfacesQuery = (days: number) =>
  queryOptions({
    queryKey: [...integrationsKey, 'interfaces', days],
    queryFn: ({ signal }) => callApi(getIntegInterfaces, { query: { days }, signal }),
  });

export function fetchCalls(
  query: EndpointQuery<typeof listExternalCalls>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listExternalCalls, { query, signal });
}
