import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';
import { zBillingId, zReason } from './money';

const tags = ['billing: credits'];

/**
 * A team's credits (ARCHITECTURE section 6): the balance (never below zero), the part held by
 * AI work in flight, what is free to use, and this period's grant with what is left of it (granted
 * credits expire at period end; purchased and adjusted ones do not).
 */
export const zCreditBalance = z.object({
  balance: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  granted: z.number().int(),
  granted_remaining: z.number().int(),
  period_start: zSeconds.nullable(),
  period_end: zSeconds.nullable(),
});
export type CreditBalance = z.infer<typeof zCreditBalance>;

export const getMyCredits = defineEndpoint({
  method: 'GET',
  path: '/api/account/credits',
  permission: 'signed_in',
  openApi: { scope: 'team.credits.read' },
  summary: "The team's credit balance",
  tags,
  response: zCreditBalance,
});

/** The append-only ledger: every change of a balance, with the balance after it. */
export const CREDIT_ENTRY_KINDS = ['grant', 'purchase', 'usage', 'refund', 'expire', 'adjust'] as const;
export const zCreditEntryKind = z.enum(CREDIT_ENTRY_KINDS);

export const zCreditEntry = z.object({
  id: z.string(),
  kind: zCreditEntryKind,
  /** Signed: positive adds, negative takes. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** What caused it: `order`, `reservation`, `subscription`, `admin`. */
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  /** Human-readable: the order number, the function, the operator's reason. */
  note: z.string().nullable(),
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  creation_time: zSeconds,
});

export const creditLedgerListFields = defineListFields({
  kind: { kind: 'text', filter: ['eq', 'in'] },
  amount: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const listMyCreditLedger = defineEndpoint({
  method: 'GET',
  path: '/api/account/credits/ledger',
  permission: 'signed_in',
  openApi: { scope: 'team.credits.read' },
  summary: "The team's credit ledger, newest first",
  tags,
  query: zListQueryOf(creditLedgerListFields),
  response: zListResponse(zCreditEntry),
});

// ---- Admin: `/admin/usm/resources/credits` -----------------------------------------------------

export const adminCreditListFields = defineListFields({
  team_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  owner_email: { kind: 'text', filter: ['contains', 'eq'] },
  plan_name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  balance: { kind: 'number', filter: ['gte', 'lte', 'between'], sort: true },
  held: { kind: 'number', filter: ['gte', 'lte'], sort: true },
  updated_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

export const zAdminCreditRow = zCreditBalance.extend({
  team_id: z.string(),
  team_name: z.string(),
  owner_email: z.string().nullable(),
  plan_name: z.string(),
  updated_time: zSeconds,
});

/** `q` searches team names and owners' e-mails. */
export const listAdminCredits = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/credits',
  permission: 'admin.credits.read',
  openApi: true,
  summary: "Every team's credit balance",
  tags: ['admin: billing'],
  query: zListQueryOf(adminCreditListFields),
  response: zListResponse(zAdminCreditRow),
});

export const listAdminCreditLedger = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/credits/{team_id}/ledger',
  permission: 'admin.credits.read',
  summary: "One team's credit ledger",
  tags: ['admin: billing'],
  params: z.object({ team_id: zBillingId }),
  query: zListQueryOf(creditLedgerListFields),
  response: zListResponse(zCreditEntry),
});

/**
 * Adds (positive) or takes (negative) credits with a reason: one `adjust` ledger entry, recorded.
 * Taking more than the team has free (balance less held) is refused: balances never go negative.
 */
export const adjustCredits = defineEndpoint({
  method: 'POST',
  path: '/api/admin/usm/credits/{team_id}/adjust',
  permission: 'admin.credits.adjust',
  summary: "Adjust a team's credits (recorded with a reason)",
  tags: ['admin: billing'],
  params: z.object({ team_id: zBillingId }),
  body: z.object({
    amount: z
      .number()
      .int()
      .min(-1_000_000_000)
      .max(1_000_000_000)
      .refine((n) => n !== 0, { message: 'Enter an amount other than 0' }),
    reason: zReason,
  }),
  response: z.object({ balance: zCreditBalance, entry: zCreditEntry }),
});
