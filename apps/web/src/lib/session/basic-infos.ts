import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { getToken } from '../cookies';

export const basicInfosQueryKey = ['basic-infos'] as const;

/**
 * The signed-in user and the versions the client caches against. Silent: a signed-out answer is
 * handled by the route guard's redirect, not by a second redirect from the error catalogue.
 */
export const basicInfosQuery = queryOptions({
  queryKey: basicInfosQueryKey,
  queryFn: ({ signal }) => callApi(getBasicInfos, { signal, silent: true }),
});

/** Does not ask while signed out, so public pages can show the user when there is one. */
export function useBasicInfos() {
  return useQuery({ ...basicInfosQuery, enabled: getToken() !== null });
}
