import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { InterfacesChartViewProps } from './interfaces-chart-view';

// AG Charts loads after the page, in its own chunk.
const InterfacesChartView = lazy(() =>
  import('./interfaces-chart-view').then((m) => ({ default: m.InterfacesChartView })),
);

export function InterfacesChart(props: InterfacesChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
      <InterfacesChartView {...props} />
    </Suspense>
  );
}
