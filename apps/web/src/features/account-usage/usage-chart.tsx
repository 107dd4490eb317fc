import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { UsageChartViewProps } from './usage-chart-view';

// AG Charts loads after the page, in its own chunk.
const UsageChartView = lazy(() => import('./usage-chart-view').then((m) => ({ default: m.UsageChartView })));

export function UsageChart(props: UsageChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
      <UsageChartView {...props} />
    </Suspense>
  );
}
