import type { BasicInfos, getBasicInfos } from '@app/contract/user/get-basic-infos';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { endpointRef, lightCall } from '../api/light-client';
import { getToken } from '../cookies';

export const basicInfosQueryKey = ['basic-infos'] as const;

/**
 * Every signed-in page asks it first (the route guard): through the light client, so /chat loads
 * no zod (docs/performance.md); the server's serializer checks the answer against the contract.
 */
const basicInfosEndpoint = endpointRef<typeof getBasicInfos>('GET', '/api/user/basic-infos');

/**
 * The signed-in user and the versions the client caches against. Silent: a signed-out answer is
 * handled by the route guard's redirect, not by a second redirect from the error catalogue.
 */
export const basicInfosQuery = queryOptions({
  queryKey: basicInfosQueryKey,
  queryFn: ({ signal }) => lightCall(basicInfosEndpoint, { signal, silent: true }),
});

/** Does not ask while signed out, so public pages can show the user when there is one. */
export function useBasicInfos() {
  return useQuery({ ...basicInfosQuery, enabled: getToken() !== null });
}

/**
 * Basic infos as the cache holds them now, without asking for them (undefined while signed out or
 * not yet loaded). For app-wide listeners (theme, the user's stream): they must not create or keep
 * the query themselves, since signing in and out remove it and an observer would stay attached to
 * the removed one.
 */
export function useCachedBasicInfos(): BasicInfos | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData<BasicInfos>(basicInfosQueryKey);
  return useSyncExternalStore(subscribe, read, read);
}
