import { CHART_COLORS } from '@app/contract/chat/chart';
import {
  type AgCartesianChartOptions,
  type AgPolarChartOptions,
  BarSeriesModule,
  CartesianChartModule,
  CategoryAxisModule,
  DonutSeriesModule,
  LegendModule,
  NumberAxisModule,
  PolarChartModule,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { formatMoney } from '../../lib/format';
import { useThemeMode } from '../../lib/theme-mode';
import { chartModules, useChartLocale } from '../../widgets/charts/chart-locale';

const BAR_MODULES = chartModules(
  CartesianChartModule,
  BarSeriesModule,
  CategoryAxisModule,
  NumberAxisModule,
  LegendModule,
);
const DONUT_MODULES = chartModules(PolarChartModule, DonutSeriesModule, LegendModule);

// Spec section 9: six fixed chart colours, one list for the server's charts and these (revenue
// and refunds keep theirs on every chart).

export interface MoneyBarChartProps {
  /** One bar group per category (a day, a month), values in cents. */
  data: { category: string; revenue: number; refunds: number }[];
  currency: string;
  revenueName: string;
  refundsName: string;
  label: string;
}

/** Revenue and refunds per category, in cents on the wire, shown as money with the symbol. */
export function MoneyBarChartView({ data, currency, revenueName, refundsName, label }: MoneyBarChartProps) {
  const mode = useThemeMode();
  const locale = useChartLocale();
  const options = useMemo<AgCartesianChartOptions>(() => {
    const money = (value: unknown) => formatMoney(Number(value), currency);
    return {
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data,
      series: (
        [
          ['revenue', revenueName, CHART_COLORS[0]],
          ['refunds', refundsName, CHART_COLORS[1]],
        ] as const
      ).map(([yKey, yName, fill]) => ({
        type: 'bar' as const,
        xKey: 'category',
        yKey,
        yName,
        fill,
        tooltip: {
          renderer: ({ datum }: { datum: Record<string, unknown> }) => ({
            data: [{ label: yName, value: money(datum[yKey]) }],
          }),
        },
      })),
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: { type: 'number', position: 'left', label: { formatter: ({ value }) => money(value) } },
      },
      legend: { position: 'bottom' },
      background: { visible: false },
      height: 280,
    };
  }, [data, currency, revenueName, refundsName, mode, locale]);
  return (
    <div role="img" aria-label={label}>
      <AgCharts options={options} modules={BAR_MODULES} />
    </div>
  );
}

export interface MoneyDonutChartProps {
  /** One slice per name (a method, a plan), revenue in cents. */
  data: { name: string; revenue: number }[];
  currency: string;
  label: string;
}

/** Each part's share of the revenue. */
export function MoneyDonutChartView({ data, currency, label }: MoneyDonutChartProps) {
  const mode = useThemeMode();
  const locale = useChartLocale();
  const options = useMemo<AgPolarChartOptions>(
    () => ({
      theme: mode === 'dark' ? 'ag-default-dark' : 'ag-default',
      locale,
      data,
      series: [
        {
          type: 'donut',
          angleKey: 'revenue',
          legendItemKey: 'name',
          innerRadiusRatio: 0.6,
          fills: [...CHART_COLORS],
          tooltip: {
            renderer: ({ datum }: { datum: { name: string; revenue: number } }) => ({
              data: [{ label: datum.name, value: formatMoney(datum.revenue, currency) }],
            }),
          },
        },
      ],
      legend: { position: 'right' },
      background: { visible: false },
      height: 260,
    }),
    [data, currency, mode, locale],
  );
  return (
    <div role="img" aria-label={label}>
      <AgCharts options={options} modules={DONUT_MODULES} />
    </div>
  );
}
