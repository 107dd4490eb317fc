import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zDay } from './money';

const tags = ['billing: usage'];

/** One AI call as metered: who, which function and model, tokens, credits, how long. */
export const zUsageLog = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  function_key: z.string(),
  model: z.string(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Credits charged (never more than was free to take). */
  credits: z.number().int(),
  /** What the call cost beyond what the balance could cover (written off, never negative). */
  uncharged: z.number().int(),
  latency_ms: z.number().int(),
  status: z.enum(['settled', 'released']),
  creation_time: zSeconds,
});
export type UsageLog = z.infer<typeof zUsageLog>;

export const usageLogListFields = defineListFields({
  function_key: { kind: 'text', filter: ['eq', 'in'], sort: true },
  model: { kind: 'text', filter: ['eq', 'contains'], sort: true },
  user_email: { kind: 'text', filter: ['eq', 'contains'] },
  credits: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  latency_ms: { kind: 'number', filter: ['gte', 'lte'], sort: true },
  status: { kind: 'text', filter: ['eq'] },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** A report range by day (both ends included) in the caller's time zone (`x-tz-offset`). */
export const zUsageRange = z.object({ start: zDay.optional(), end: zDay.optional() });

/** `/account/usage`: credits per day (the chart), by function and by member, over a range (default 30 days). */
export const getMyUsage = defineEndpoint({
  method: 'GET',
  path: '/api/account/usage',
  permission: 'signed_in',
  summary: "The team's credit use per day, by function and by member",
  tags,
  query: zUsageRange,
  response: z.object({
    start: zDay,
    end: zDay,
    total_credits: z.number().int(),
    total_calls: z.number().int(),
    by_day: z.array(z.object({ day: zDay, credits: z.number().int(), calls: z.number().int() })),
    by_function: z.array(
      z.object({ function_key: z.string(), credits: z.number().int(), calls: z.number().int() }),
    ),
    by_member: z.array(
      z.object({
        user_id: z.string().nullable(),
        username: z.string(),
        credits: z.number().int(),
        calls: z.number().int(),
      }),
    ),
  }),
});

export const listMyUsageLogs = defineEndpoint({
  method: 'GET',
  path: '/api/account/usage/logs',
  permission: 'signed_in',
  summary: "The team's usage log, newest first",
  tags,
  query: zListQueryOf(usageLogListFields),
  response: zListResponse(zUsageLog),
});

// ---- Admin: usage logs and the resources summary -----------------------------------------------

export const adminUsageLogListFields = defineListFields({
  ...usageLogListFields,
  team_name: { kind: 'text', filter: ['eq', 'contains'], sort: true },
});

/** `/admin/usm/resources/credits/usage-logs`; `q` searches teams, users, functions and models. */
export const listAdminUsageLogs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/usage-logs',
  permission: 'admin.credits.read',
  summary: 'Usage logs of every team',
  tags: ['admin: billing'],
  query: zListQueryOf(adminUsageLogListFields),
  response: zListResponse(zUsageLog.extend({ team: z.object({ id: z.string(), name: z.string() }) })),
});

/**
 * `/admin/usm/resources/summary`: credits granted, used and remaining in a range, by plan and by
 * team (the teams using most first), and storage kept against quotas.
 */
export const getResourcesSummary = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/resources/summary',
  permission: 'admin.resources.read',
  summary: 'Credits granted, used and remaining, by plan and team',
  tags: ['admin: billing'],
  query: zUsageRange,
  response: z.object({
    start: zDay,
    end: zDay,
    totals: z.object({
      granted: z.number().int(),
      purchased: z.number().int(),
      used: z.number().int(),
      expired: z.number().int(),
      refunded: z.number().int(),
      adjusted: z.number().int(),
      /** Balances now, over every team. */
      remaining: z.number().int(),
      held: z.number().int(),
      teams: z.number().int(),
    }),
    by_plan: z.array(
      z.object({
        plan_id: z.string(),
        plan_name: z.string(),
        teams: z.number().int(),
        granted: z.number().int(),
        used: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
    by_team: z.array(
      z.object({
        team_id: z.string(),
        team_name: z.string(),
        plan_name: z.string(),
        granted: z.number().int(),
        used: z.number().int(),
        remaining: z.number().int(),
        storage_used_bytes: z.number().int(),
        storage_limit_bytes: z.number().int(),
      }),
    ),
    by_function: z.array(
      z.object({ function_key: z.string(), credits: z.number().int(), calls: z.number().int() }),
    ),
  }),
});
