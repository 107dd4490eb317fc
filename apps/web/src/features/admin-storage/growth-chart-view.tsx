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
import { byteTickLabel, byteTicks } from '../../lib/byte-ticks';
import { useThemeMode } from '../../lib/theme-mode';
import { chartModules, useChartLocale } from '../../widgets/charts/chart-locale';

const MODULES = chartModules(CartesianChartModule, BarSeriesModule, CategoryAxisModule, NumberAxisModule);

export interface GrowthChartViewProps {
  months: { month: string; bytes: number }[];
  seriesName: string;
}

/** Bytes added per month; imported only through `GrowthChart`'s lazy boundary. */
export function GrowthChartView({ months, seriesName }: GrowthChartViewProps) {
  const mode = useThemeMode();
  const { token } = theme.useToken();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data: months,
      series: [
        {
          type: 'bar',
          xKey: 'month',
          yKey: 'bytes',
          yName: seriesName,
          fill: token.colorPrimary,
        },
      ],
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: {
          type: 'number',
          position: 'left',
          // Round sizes in the unit shown (5 KB, 10 KB), not decimal steps read in KB (4.88 KB).
          interval: { values: byteTicks(Math.max(0, ...months.map((m) => m.bytes))) },
          label: { formatter: ({ value }) => byteTickLabel(Number(value)) },
        },
      },
      legend: { enabled: false },
      background: { visible: false },
      height: 260,
    }),
    [months, seriesName, mode, token.colorPrimary, locale],
  );
  return <AgCharts options={options} modules={MODULES} />;
}
