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

/** Only what a bar chart over days needs, so the chunk stays small. */
const MODULES = chartModules(CartesianChartModule, BarSeriesModule, CategoryAxisModule, NumberAxisModule);

export interface SignupsChartViewProps {
  points: { date: string; count: number }[];
  seriesName: string;
}

/** AG Charts itself; imported only through `SignupsChart`'s lazy boundary. */
export function SignupsChartView({ points, seriesName }: SignupsChartViewProps) {
  const mode = useThemeMode();
  const { token } = theme.useToken();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data: points.map((point) => ({ day: point.date.slice(5), count: point.count })),
      series: [{ type: 'bar', xKey: 'day', yKey: 'count', yName: seriesName, fill: token.colorPrimary }],
      axes: {
        x: { type: 'category', position: 'bottom', label: { autoRotate: true } },
        y: {
          type: 'number',
          position: 'left',
          // Sign-ups are whole people: no 0.5 ticks on quiet days.
          label: { formatter: ({ value }) => (Number.isInteger(value) ? String(value) : '') },
        },
      },
      legend: { enabled: false },
      background: { visible: false },
      height: 280,
    }),
    [points, seriesName, mode, token.colorPrimary, locale],
  );

  return <AgCharts options={options} modules={MODULES} />;
}
