import {
  type AgCartesianChartOptions,
  CartesianChartModule,
  LegendModule,
  LineSeriesModule,
  NumberAxisModule,
  TimeAxisModule,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { useThemeMode } from '../../lib/theme-mode';
import { chartModules, useChartLocale } from '../../widgets/charts/chart-locale';
import type { ChartRow, ChartSeries } from './interface-series';

const MODULES = chartModules(
  CartesianChartModule,
  LineSeriesModule,
  TimeAxisModule,
  NumberAxisModule,
  LegendModule,
);

export interface InterfacesChartViewProps {
  rows: ChartRow[];
  series: ChartSeries[];
  /** The value axis's title, translated (Calls, Errors, ms, Quota units). */
  unit: string;
  bucket: 'hour' | 'day';
}

/** One line per external API over the period; imported only through `InterfacesChart`. */
export function InterfacesChartView({ rows, series, unit, bucket }: InterfacesChartViewProps) {
  const mode = useThemeMode();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data: rows,
      series: series.map((item) => ({
        type: 'line',
        xKey: 'at',
        yKey: item.key,
        yName: item.label,
        marker: { size: 4 },
      })),
      axes: {
        x: {
          type: 'time',
          position: 'bottom',
          label: { format: bucket === 'hour' ? '%H:%M' : '%m-%d' },
        },
        y: { type: 'number', position: 'left', title: { text: unit } },
      },
      legend: { enabled: true, position: 'bottom' },
      background: { visible: false },
      height: 320,
    }),
    [rows, series, unit, bucket, mode, locale],
  );
  return <AgCharts options={options} modules={MODULES} />;
}
