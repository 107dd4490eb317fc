import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { MoneyBarChartProps, MoneyDonutChartProps } from './financial-charts-view';

// AG Charts loads after the page, in its own chunk (ARCHITECTURE section 7: heavy code is lazy).
const BarView = lazy(() => import('./financial-charts-view').then((m) => ({ default: m.MoneyBarChartView })));
const DonutView = lazy(() =>
  import('./financial-charts-view').then((m) => ({ default: m.MoneyDonutChartView })),
);

const fallback = (height: number) => <Skeleton.Node active style={{ width: '100%', height }} />;

export function MoneyBarChart(props: MoneyBarChartProps) {
  return (
    <Suspense fallback={fallback(280)}>
      <BarView {...props} />
    </Suspense>
  );
}

export function MoneyDonutChart(props: MoneyDonutChartProps) {
  return (
    <Suspense fallback={fallback(260)}>
      <DonutView {...props} />
    </Suspense>
  );
}
