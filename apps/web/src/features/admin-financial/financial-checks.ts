import type { FinancialReport } from './financial-api';

type Breakdown = 'by_day' | 'by_month' | 'by_method' | 'by_plan';

export interface BreakdownSums {
  revenue: number;
  refunds: number;
  orders: number;
}

export interface Mismatch {
  breakdown: Breakdown;
  figure: 'revenue' | 'refunds' | 'orders';
  sum: number;
  total: number;
}

export const BREAKDOWNS: Breakdown[] = ['by_day', 'by_month', 'by_method', 'by_plan'];

/** Revenue, refunds and paid orders summed over one breakdown's lines. */
export function sumBreakdown(
  lines: readonly { revenue: number; refunds: number; orders: number }[],
): BreakdownSums {
  return lines.reduce(
    (sum, line) => ({
      revenue: sum.revenue + line.revenue,
      refunds: sum.refunds + line.refunds,
      orders: sum.orders + line.orders,
    }),
    { revenue: 0, refunds: 0, orders: 0 },
  );
}

/**
 * Every breakdown must add up to the totals (revenue, refunds, paid orders) and net must be revenue
 * less refunds. The server computes them so; the page checks again and says so on screen, so a
 * figure that does not add up is seen rather than trusted.
 */
export function findMismatches(report: FinancialReport): Mismatch[] {
  const { totals } = report;
  const mismatches: Mismatch[] = [];
  for (const breakdown of BREAKDOWNS) {
    const sums = sumBreakdown(report[breakdown]);
    const pairs = [
      ['revenue', sums.revenue, totals.revenue],
      ['refunds', sums.refunds, totals.refunds],
      ['orders', sums.orders, totals.paid_orders],
    ] as const;
    for (const [figure, sum, total] of pairs) {
      if (sum !== total) mismatches.push({ breakdown, figure, sum, total });
    }
  }
  return mismatches;
}

export function netAddsUp(report: FinancialReport): boolean {
  return report.totals.net === report.totals.revenue - report.totals.refunds;
}
