import { addDays, type Day, type DayRange } from '@app/contract/analytics/date-ranges';
import type { Platform } from '../../platform/platform';
import { offeredRanges } from '../analytics/offered-ranges';
import type { BindingRow } from './bindings.repo';
import type { GoogleClient } from './google-client';
import { callGoogle, GoogleApiError, jsonBody } from './google-http';
import { writeRangeTotals } from './sync-store';
import { NeedsReconnectError, withAccess } from './tokens';

/**
 * Users are not additive over days (one person comes back): a GA4 figure over a range is GA4's
 * own total for that exact range (ARCHITECTURE section 8). After a GA4 sync, the team's store gets
 * those totals for the ranges the product offers (`offeredRanges`: the quick ranges with their
 * comparison ranges, whole months and years) that it holds whole. An increment refreshes only the
 * ranges it touched.
 */

const METRICS = [
  ['totalUsers', 'users'],
  ['newUsers', 'new_users'],
] as const;

export function totalRanges(yesterday: Day, heldStart: Day, touchedFrom: Day | null): DayRange[] {
  // Only ranges the sync holds whole: GA4's figure for a range reaching today would be partial.
  return offeredRanges(addDays(yesterday, 1), heldStart).filter(
    (range) =>
      range.start >= heldStart &&
      range.end <= yesterday &&
      (touchedFrom === null || range.end >= touchedFrom),
  );
}

/** One GA4 report without dimensions: the property's own totals for the range. */
async function fetchTotals(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  property: string,
  range: DayRange,
): Promise<number[] | null> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(
      platform,
      { api: 'analytics_data.run_report', service: 'ga', teamId: binding.teamId, bindingId: binding.id },
      `${client.analyticsDataUrl}/${property}:runReport`,
      jsonBody(
        {
          dateRanges: [{ startDate: range.start, endDate: range.end }],
          metrics: METRICS.map(([name]) => ({ name })),
          returnPropertyQuota: true,
        },
        { authorization: `Bearer ${token}` },
      ),
    ),
  );
  const rows = (answer.body as { rows?: { metricValues?: { value?: string }[] }[] }).rows ?? [];
  const values = rows[0]?.metricValues?.map((v) => Number(v.value));
  return values?.every(Number.isFinite) ? values : null;
}

/**
 * Fetches and stores the totals. A quota limit or a passing failure leaves the rest for the next
 * sync: the figures then read as a sum of daily counts, labelled so, never silently.
 */
export async function syncRangeTotals(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  property: string,
  ranges: DayRange[],
): Promise<number> {
  const found: { range: DayRange; values: number[] }[] = [];
  for (const range of ranges) {
    try {
      const values = await fetchTotals(platform, client, binding, property, range);
      if (values) found.push({ range, values });
    } catch (error) {
      if (error instanceof GoogleApiError || error instanceof NeedsReconnectError) break;
      throw error;
    }
  }
  if (found.length === 0) return 0;
  await writeRangeTotals(
    platform.analytics,
    binding.teamId,
    property,
    found.flatMap(({ range, values }) =>
      METRICS.map(([, metric], i) => ({ start: range.start, end: range.end, metric, value: values[i] ?? 0 })),
    ),
  );
  return found.length;
}
