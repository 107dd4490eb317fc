import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { dayRange, daysOf } from '../credits/day-range';
import { paidCurrencies, refundGroups, revenueGroups } from './financial.repo';

interface Figures {
  revenue: number;
  refunds: number;
  orders: number;
}

const empty = (): Figures => ({ revenue: 0, refunds: 0, orders: 0 });

function add<K>(map: Map<K, Figures>, key: K, change: Partial<Figures>) {
  const seen = map.get(key) ?? empty();
  map.set(key, {
    revenue: seen.revenue + (change.revenue ?? 0),
    refunds: seen.refunds + (change.refunds ?? 0),
    orders: seen.orders + (change.orders ?? 0),
  });
}

/**
 * `/admin/financial`: revenue (paid orders, on the day paid) and refunds (on the day refunded) in
 * one currency. Every breakdown is built from the same grouped rows, so by day, month, method and
 * plan each add up to the totals, and the totals to the orders.
 */
export async function financialReport(
  platform: Platform,
  ctx: SignedInContext,
  query: { start?: string; end?: string; currency?: string },
) {
  const range = dayRange(query, ctx.tzOffsetHours, 30);
  const currencies = await paidCurrencies(platform.db);
  const currency = query.currency ?? currencies[0] ?? (platform.config.REGION === 'cn' ? 'CNY' : 'USD');
  const money = { ...range, currency };
  const [revenue, refunds] = await Promise.all([
    revenueGroups(platform.db, money),
    refundGroups(platform.db, money),
  ]);

  const byDay = new Map<string, Figures>(daysOf(range).map((day) => [day, empty()]));
  const byMonth = new Map<string, Figures>();
  for (const day of byDay.keys()) byMonth.set(day.slice(0, 7), empty());
  const byMethod = new Map<string, Figures>();
  const byPlan = new Map<string, Figures & { name: string }>();
  const totals = { revenue: 0, refunds: 0, net: 0, paid_orders: 0, refunded_orders: 0 };

  const plan = (id: string, name: string, change: Partial<Figures>) => {
    const seen = byPlan.get(id) ?? { ...empty(), name };
    byPlan.set(id, {
      name,
      revenue: seen.revenue + (change.revenue ?? 0),
      refunds: seen.refunds + (change.refunds ?? 0),
      orders: seen.orders + (change.orders ?? 0),
    });
  };
  for (const row of revenue) {
    const change = { revenue: Number(row.amount), orders: row.orders };
    add(byDay, row.day, change);
    add(byMonth, row.day.slice(0, 7), change);
    add(byMethod, row.method, change);
    plan(row.planId, row.planName, change);
    totals.revenue += change.revenue;
    totals.paid_orders += row.orders;
  }
  for (const row of refunds) {
    const change = { refunds: Number(row.amount) };
    add(byDay, row.day, change);
    add(byMonth, row.day.slice(0, 7), change);
    add(byMethod, row.method, change);
    plan(row.planId, row.planName, change);
    totals.refunds += change.refunds;
    totals.refunded_orders += row.orders;
  }
  totals.net = totals.revenue - totals.refunds;

  return {
    start: range.startDay,
    end: range.endDay,
    currency,
    currencies,
    totals,
    by_day: [...byDay].map(([day, f]) => ({ day, ...f })),
    by_month: [...byMonth].map(([month, f]) => ({ month, ...f })),
    by_method: [...byMethod].map(([method, f]) => ({ method, ...f })).sort((a, b) => b.revenue - a.revenue),
    by_plan: [...byPlan]
      .map(([planId, f]) => ({
        plan_id: planId,
        plan_name: f.name,
        revenue: f.revenue,
        refunds: f.refunds,
        orders: f.orders,
      }))
      .sort((a, b) => b.revenue - a.revenue),
  };
}
