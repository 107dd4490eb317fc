import { deleteModelPrice, getPrices, putFunctionPrice, putModelPrice } from '@app/contract/billing/prices';
import type { EndpointBody, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export type PriceTable = EndpointResponse<typeof getPrices>;

/** The price table of `/admin/usm/function/permission`: models' token rates and functions' prices. */
export const pricesQuery = queryOptions({
  queryKey: ['admin', 'billing', 'prices'] as const,
  queryFn: ({ signal }) => callApi(getPrices, { signal }),
});

/**
 * Price changes. Setting a price is silent (its refusals land on the form's fields); each success
 * reads the table again, so what is shown is what the server keeps.
 */
export function usePriceMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pricesQuery.queryKey });
  const setModel = useMutation({
    mutationFn: (body: EndpointBody<typeof putModelPrice>) => callApi(putModelPrice, { body, silent: true }),
    onSuccess: refresh,
  });
  const removeModel = useMutation({
    mutationFn: (model: string) => callApi(deleteModelPrice, { query: { model } }),
    onSuccess: refresh,
  });
  const setFunction = useMutation({
    mutationFn: (body: EndpointBody<typeof putFunctionPrice>) =>
      callApi(putFunctionPrice, { body, silent: true }),
    onSuccess: refresh,
  });
  return { setModel, removeModel, setFunction };
}
