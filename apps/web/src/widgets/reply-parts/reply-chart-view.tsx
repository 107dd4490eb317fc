import type { ChartOptions } from '@app/contract/chat/chart';
import {
  type AgCartesianChartOptions,
  BarSeriesModule,
  CartesianChartModule,
  CategoryAxisModule,
  LegendModule,
  LineSeriesModule,
  NumberAxisModule,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { useThemeMode } from '../../lib/theme-mode';
import { chartModules, useChartLocale } from '../charts/chart-locale';

const MODULES = chartModules(
  CartesianChartModule,
  BarSeriesModule,
  LineSeriesModule,
  CategoryAxisModule,
  NumberAxisModule,
  LegendModule,
);

/**
 * A reply's chart exactly as the server built it from the result (six colours, labels, units); the
 * page adds only the theme, the locale and the height. Imported through `ReplyChart`'s lazy boundary.
 */
export function ReplyChartView({ options }: { options: ChartOptions }) {
  const mode = useThemeMode();
  const locale = useChartLocale();
  const full = useMemo<AgCartesianChartOptions>(
    () =>
      ({
        ...options,
        axes: { x: options.axes.x, y: options.axes.y },
        theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
        locale,
        background: { visible: false },
        height: 320,
      }) as AgCartesianChartOptions,
    [options, mode, locale],
  );
  return <AgCharts options={full} modules={MODULES} />;
}
