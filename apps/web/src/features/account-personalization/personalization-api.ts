import {
  getPersonalization,
  type Personalization,
  putPersonalization,
} from '@app/contract/account/personalization/personalization';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

const personalizationKey = ['account', 'personalization'] as const;

export const personalizationQuery = queryOptions({
  queryKey: personalizationKey,
  queryFn: ({ signal }) => callApi(getPersonalization, { signal }),
});

/** Silent: the form shows a refusal on the field the server names (an unknown time zone). */
export function useSavePersonalization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Personalization) => callApi(putPersonalization, { body, silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(personalizationKey, saved),
  });
}
