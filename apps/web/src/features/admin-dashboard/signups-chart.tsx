import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { SignupsChartViewProps } from './signups-chart-view';

// AG Charts is large and only this card needs it: it loads after the page, in its own chunk.
const SignupsChartView = lazy(() =>
  import('./signups-chart-view').then((m) => ({ default: m.SignupsChartView })),
);

/** Sign-ups per day as a bar chart. */
export function SignupsChart(props: SignupsChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
      <SignupsChartView {...props} />
    </Suspense>
  );
}
