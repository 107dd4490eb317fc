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

export interface RequestsChartViewProps {
  /** `start`: the bucket's Unix seconds, the category (unique, so two days' 13:00 never merge). */
  points: { start: number; calls: number; errors: number }[];
  /** How a bucket's start reads on the axis. */
  labelOf: (start: number) => string;
  callsName: string;
  errorsName: string;
}

/** AG Charts itself; imported only through `RequestsChart`'s lazy boundary. */
export function RequestsChartView({ points, labelOf, callsName, errorsName }: RequestsChartViewProps) {
  const mode = useThemeMode();
  const { token } = theme.useToken();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data: points,
      series: [
        { type: 'bar', xKey: 'start', yKey: 'calls', yName: callsName, fill: token.colorPrimary },
        { type: 'bar', xKey: 'start', yKey: 'errors', yName: errorsName, fill: token.colorError },
      ],
      axes: {
        x: {
          type: 'category',
          position: 'bottom',
          label: { autoRotate: true, formatter: ({ value }) => labelOf(Number(value)) },
        },
        y: {
          type: 'number',
          position: 'left',
          label: { formatter: ({ value }) => (Number.isInteger(value) ? String(value) : '') },
        },
      },
      legend: { enabled: true, position: 'bottom' },
      background: { visible: false },
      height: 260,
    }),
    [points, labelOf, callsName, errorsName, mode, token.colorPrimary, token.colorError, locale],
  );
  return <AgCharts options={options} modules={MODULES} />;
}
