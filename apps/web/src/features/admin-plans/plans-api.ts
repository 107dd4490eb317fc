import {
  createPlan,
  deletePlan,
  getFunctionPermissions,
  listAdminPlans,
  type PlanInput,
  setFunctionPermission,
  updatePlan,
} from '@app/contract/billing/plans';
import type { EndpointBody, EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const adminPlansKey = ['admin', 'billing', 'plans'] as const;

export type AdminPlan = EndpointResponse<typeof listAdminPlans>['items'][number];
export type FunctionMatrix = EndpointResponse<typeof getFunctionPermissions>;
export type PlanUpdate = EndpointBody<typeof updatePlan>;

/** Every plan, archived included, with its subscriber and order counts. */
export const plansQuery = queryOptions({
  queryKey: [...adminPlansKey, 'list'],
  queryFn: ({ signal }) => callApi(listAdminPlans, { query: {}, signal }),
});

/** The plan x function matrix of `/admin/usm/function/permission`. */
export const functionMatrixQuery = queryOptions({
  queryKey: [...adminPlansKey, 'functions'],
  queryFn: ({ signal }) => callApi(getFunctionPermissions, { signal }),
});

/**
 * The plan page's changes. Create and update are silent: their refusals land on the form's fields
 * (useServerErrors). Every success refreshes the list and the matrix, which both show the plans.
 */
export function usePlanMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminPlansKey });
  const create = useMutation({
    mutationFn: (body: PlanInput) => callApi(createPlan, { body, silent: true }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanUpdate }) =>
      callApi(updatePlan, { params: { id }, body, silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(deletePlan, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** One cell of the matrix; the answer is the plan's whole list, written straight into the cache. */
export function useSetFunctionPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof setFunctionPermission>) =>
      callApi(setFunctionPermission, { body }),
    onSuccess: ({ plan_id, functions }) => {
      queryClient.setQueryData(functionMatrixQuery.queryKey, (matrix) =>
        matrix
          ? {
              ...matrix,
              plans: matrix.plans.map((plan) => (plan.id === plan_id ? { ...plan, functions } : plan)),
            }
          : matrix,
      );
      void queryClient.invalidateQueries({ queryKey: plansQuery.queryKey });
    },
  });
}
