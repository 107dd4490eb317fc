import { listOpenApiRequests, openApiRequestStats } from '@app/contract/admin/open-api/open-api-requests';
import {
  issueRestToken,
  listRestTokenScopes,
  listRestTokens,
  revokeRestToken,
  type zIssueRestToken,
} from '@app/contract/admin/open-api/rest-tokens';
import { listAdminTeams } from '@app/contract/admin/teams/teams';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../lib/api/client';

export const restTokensKey = ['admin', 'rest-tokens'] as const;
export const openApiRequestsKey = ['admin', 'open-api-requests'] as const;

export function fetchRestTokens(
  query: EndpointQuery<typeof listRestTokens>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listRestTokens, { query, signal });
}

export const tokenScopesQuery = () =>
  queryOptions({
    queryKey: [...restTokensKey, 'scopes'],
    queryFn: ({ signal }) => callApi(listRestTokenScopes, { signal }),
  });

/** Teams to issue a token for, found by name or owner e-mail. */
export const tokenTeamsQuery = (q: string) =>
  queryOptions({
    queryKey: [...restTokensKey, 'teams', q],
    queryFn: ({ signal }) =>
      callApi(listAdminTeams, { query: { page: 1, page_size: 20, ...(q ? { q } : {}) }, signal }),
  });

/** Silent: the form places the server's field messages itself. */
export const issueToken = (body: z.input<typeof zIssueRestToken>) =>
  callApi(issueRestToken, { body, silent: true });

export const revokeToken = (id: string) => callApi(revokeRestToken, { params: { id } });

export function fetchOpenApiRequests(
  query: EndpointQuery<typeof listOpenApiRequests>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listOpenApiRequests, { query, signal });
}

export const requestStatsQuery = (from: number, to: number) =>
  queryOptions({
    queryKey: [...openApiRequestsKey, 'stats', from, to],
    queryFn: ({ signal }) => callApi(openApiRequestStats, { query: { from, to }, signal }),
  });
