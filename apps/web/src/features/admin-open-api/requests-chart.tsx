import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RequestsChartViewProps } from './requests-chart-view';

// AG Charts is large: it loads after the page, in its own chunk.
const RequestsChartView = lazy(() =>
  import('./requests-chart-view').then((m) => ({ default: m.RequestsChartView })),
);

/** Open API calls and errors per bucket, as bars. */
export function RequestsChart(props: RequestsChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
      <RequestsChartView {...props} />
    </Suspense>
  );
}
