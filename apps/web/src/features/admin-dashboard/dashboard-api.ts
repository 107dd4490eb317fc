import { getAdminDashboard } from '@app/contract/admin/dashboard/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];
export const DEFAULT_DASHBOARD_DAYS: DashboardDays = 30;

/** The admin home's figures for the last `days` days (in the browser's time zone). */
export function dashboardQuery(days: DashboardDays) {
  return queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => callApi(getAdminDashboard, { query: { days }, signal }),
  });
}

export function toDashboardDays(value: string | null): DashboardDays {
  const days = Number(value);
  return DASHBOARD_DAYS.find((allowed) => allowed === days) ?? DEFAULT_DASHBOARD_DAYS;
}
