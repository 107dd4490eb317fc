import {
  type AgCartesianChartOptions,
  BarSeriesModule,
  CartesianChartModule,
  CategoryAxisModule,
  NumberAxisModule,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useThemeMode } from '../../lib/theme-mode';
import { chartModules, useChartLocale } from '../../widgets/charts/chart-locale';

const MODULES = chartModules(CartesianChartModule, BarSeriesModule, CategoryAxisModule, NumberAxisModule);

export interface UsageChartViewProps {
  days: { day: string; credits: number; calls: number }[];
  seriesName: string;
}

/** Credits used per day; imported only through `UsageChart`'s lazy boundary. */
export function UsageChartView({ days, seriesName }: UsageChartViewProps) {
  const mode = useThemeMode();
  const { token } = theme.useToken();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data: days,
      series: [{ type: 'bar', xKey: 'day', yKey: 'credits', yName: seriesName, fill: token.colorPrimary }],
      axes: {
        // MM-DD: the year is in the range picker above, and full dates rotate and clip at the edge.
        x: {
          type: 'category',
          position: 'bottom',
          label: { formatter: ({ value }) => String(value).slice(5) },
        },
        y: { type: 'number', position: 'left' },
      },
      legend: { enabled: false },
      background: { visible: false },
      height: 280,
    }),
    [days, seriesName, mode, token.colorPrimary, locale],
  );
  return <AgCharts options={options} modules={MODULES} />;
}
