import { QUICK_RANGES } from '@app/contract/analytics/query';
import type { Platform } from '../../platform/platform';
import {
  addDays,
  addMonths,
  comparisonRange,
  type Day,
  type DayRange,
  quickRange,
} from '../analytics/date-ranges';
import type { BindingRow } from './bindings.repo';
import type { GoogleClient } from './google-client';
import { callGoogle, GoogleApiError, jsonBody } from './google-http';
import { writeRangeTotals } from './sync-store';
import { NeedsReconnectError, withAccess } from './tokens';

/**
 * Users are not additive over days (one person comes back): a GA4 figure over a range is GA4's
 * own total for that exact range (ARCHITECTURE section 8). After a GA4 sync, the team's store gets
 * those totals for the ranges people ask most: the quick ranges ending yesterday, each with its
 * preceding and year-earlier range (so a comparison compares totals with totals), every whole
 * month held, and the last calendar year. An increment refreshes only the ranges it touched.
 */

const METRICS = [
  ['totalUsers', 'users'],
  ['newUsers', 'new_users'],
] as const;

const key = (range: DayRange) => `${range.start}:${range.end}`;

export function totalRanges(yesterday: Day, heldStart: Day, touchedFrom: Day | null): DayRange[] {
  const today = addDays(yesterday, 1);
  const wanted = new Map<string, DayRange>();
  const add = (range: DayRange) => {
    const inside = range.start >= heldStart && range.end <= yesterday;
    const touched = touchedFrom === null || range.end >= touchedFrom;
    if (inside && touched) wanted.set(key(range), range);
  };
  for (const name of QUICK_RANGES) {
    if (name === 'today') continue;
    const range = quickRange(name, today);
    add(range);
    add(comparisonRange(range, 'preceding').range);
    add(comparisonRange(range, 'yoy').range);
  }
  // Whole months, newest first, back to the first month held whole.
  for (let first = `${yesterday.slice(0, 7)}-01`; ; first = addMonths(first, -1)) {
    const last = addDays(addMonths(first, 1), -1);
    if (first < heldStart) break;
    add({ start: first, end: last });
  }
  return [...wanted.values()];
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
