import type { Metrics } from '../../platform/metrics';

/** From a warm aggregate (milliseconds) to a cold scan of a large dataset. */
const QUERY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A source as a label: the built-in ones by name, every dataset as one value (their ids are unbounded). */
export const sourceLabel = (source: string) => (source.startsWith('dataset:') ? 'dataset' : source);

/**
 * Times one analytics query (the store's reads and the shaping of the answer), by source and
 * which store it asked for.
 */
export async function timeQuery<T>(
  metrics: Metrics,
  /** `store`: demo, team, or auto (the team's data when it holds some, else the demo). */
  labels: { source: string; store: 'demo' | 'team' | 'auto' },
  work: () => Promise<T>,
): Promise<T> {
  const histogram = metrics.histogram({
    name: 'app_analytics_query_duration_seconds',
    help: 'Time an analytics query takes, by source (datasets as one) and store asked for (demo, team, auto), failures included',
    labelNames: ['source', 'store', 'outcome'],
    buckets: QUERY_BUCKETS,
  });
  const end = histogram.startTimer({ source: sourceLabel(labels.source), store: labels.store });
  try {
    const result = await work();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}
