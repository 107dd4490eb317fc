import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { GrowthChartViewProps } from './growth-chart-view';

// AG Charts loads after the page, in its own chunk.
const GrowthChartView = lazy(() =>
  import('./growth-chart-view').then((m) => ({ default: m.GrowthChartView })),
);

export function GrowthChart(props: GrowthChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
      <GrowthChartView {...props} />
    </Suspense>
  );
}
