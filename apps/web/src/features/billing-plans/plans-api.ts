import { listPlans } from '@app/contract/billing/plans';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export type PlanOnSale = EndpointResponse<typeof listPlans>['items'][number];

export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'],
  queryFn: ({ signal }) => callApi(listPlans, { signal }),
});

/** `/account/order/confirm?plan_id=`: where choosing a plan leads. */
export function confirmPath(planId: string): string {
  return `/account/order/confirm?${new URLSearchParams({ plan_id: planId })}`;
}
