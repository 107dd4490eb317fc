import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zCurrency, zDay } from './money';

/**
 * `/admin/financial`: money received and refunded, in one currency (cents), over a range of days
 * (UTC offset of the caller). Revenue counts paid orders on the day they were paid; refunds (full
 * and partial, each once) on the day the provider confirmed them; `net` = revenue - refunds. Every
 * breakdown adds up to the totals.
 */
export const getFinancialReport = defineEndpoint({
  method: 'GET',
  path: '/api/admin/financial',
  permission: 'admin.financial.read',
  summary: 'Revenue and refunds by day, month, method and plan',
  tags: ['admin: billing'],
  query: z.object({ start: zDay.optional(), end: zDay.optional(), currency: zCurrency.optional() }),
  response: z.object({
    start: zDay,
    end: zDay,
    currency: z.string(),
    /** Currencies with any paid order, for the currency switch. */
    currencies: z.array(z.string()),
    totals: z.object({
      revenue: z.number().int(),
      refunds: z.number().int(),
      net: z.number().int(),
      paid_orders: z.number().int(),
      refunded_orders: z.number().int(),
    }),
    by_day: z.array(
      z.object({ day: zDay, revenue: z.number().int(), refunds: z.number().int(), orders: z.number().int() }),
    ),
    by_month: z.array(
      z.object({
        month: z.string(),
        revenue: z.number().int(),
        refunds: z.number().int(),
        orders: z.number().int(),
      }),
    ),
    by_method: z.array(
      z.object({
        method: z.string(),
        revenue: z.number().int(),
        refunds: z.number().int(),
        orders: z.number().int(),
      }),
    ),
    by_plan: z.array(
      z.object({
        plan_id: z.string(),
        plan_name: z.string(),
        revenue: z.number().int(),
        refunds: z.number().int(),
        orders: z.number().int(),
      }),
    ),
  }),
});
