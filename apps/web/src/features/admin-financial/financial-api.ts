import { getFinancialReport } from '@app/contract/billing/financial';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export type FinancialReport = EndpointResponse<typeof getFinancialReport>;

export interface FinancialQuery {
  start?: string;
  end?: string;
  currency?: string;
}

/** `/admin/financial`'s figures for a range of days and one currency (server defaults for both). */
export function financialQuery(query: FinancialQuery) {
  return queryOptions({
    queryKey: ['admin', 'billing', 'financial', query],
    queryFn: ({ signal }) => callApi(getFinancialReport, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
