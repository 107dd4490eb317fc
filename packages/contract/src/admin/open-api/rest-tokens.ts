import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';
import { isTokenScope, type TokenScope } from '../../permission-codes';

/**
 * REST tokens (`/admin/permission/rest-token`): an admin issues one for a team, with scopes chosen
 * from the permission codes and the team scopes. A call with the token as its bearer and
 * `x-client-key: open-api` may reach the Open API's endpoints its scopes name, as its creator
 * and within its team. The token is shown once, when issued; only its hash is kept.
 */
const tags = ['admin: open api'];

/** Every REST token starts so (then 40 base64url characters: 30 random bytes). */
export const REST_TOKEN_PREFIX = 'rt_';

export const REST_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export const zRestTokenStatus = z.enum(REST_TOKEN_STATUSES);

export const zTokenScope = z
  .string()
  .refine((value) => isTokenScope(value), { message: 'Unknown scope' })
  .transform((value) => value as TokenScope);

export const zRestToken = z.object({
  id: z.string(),
  name: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  /** The first characters of the token, enough to tell it from another (`rt_AbC1…`). */
  token_prefix: z.string(),
  rate_limit_per_minute: z.number().int(),
  status: zRestTokenStatus,
  created_by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  created_at: zSeconds,
  /** Null: never expires. */
  expires_at: zSeconds.nullable(),
  revoked_at: zSeconds.nullable(),
  last_used_at: zSeconds.nullable(),
});
export type RestToken = z.infer<typeof zRestToken>;

export const restTokenListFields = defineListFields({
  name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  team_id: { kind: 'text', filter: ['eq'] },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  last_used_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  revoked: { kind: 'bool', filter: ['eq'] },
});

/** `q` searches the name and the team's name. */
export const listRestTokens = defineEndpoint({
  method: 'GET',
  path: '/api/admin/permission/rest-tokens',
  permission: 'admin.rest_tokens.read',
  summary: 'REST tokens with their team, scopes, expiry and last use (never the token)',
  tags,
  query: zListQueryOf(restTokenListFields),
  response: zListResponse(zRestToken),
});

/** A token lives at most this long; a longer-lived one is a forgotten one. */
export const MAX_TOKEN_DAYS = 366;

export const zIssueRestToken = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(80),
  team_id: z.string().trim().min(1, { message: 'Choose a team' }).max(64),
  scopes: z
    .array(zTokenScope)
    .min(1, { message: 'Choose at least one scope' })
    .max(80)
    .refine((list) => new Set(list).size === list.length, { message: 'A scope is listed twice' }),
  /** Days from now; null: never expires. */
  expires_in_days: z.number().int().min(1).max(MAX_TOKEN_DAYS).nullable(),
  rate_limit_per_minute: z.number().int().min(1).max(6000).default(60),
});

export const issueRestToken = defineEndpoint({
  method: 'POST',
  path: '/api/admin/permission/rest-tokens',
  permission: 'admin.rest_tokens.edit',
  summary: 'Issue a REST token for a team: the answer holds the token, shown this once',
  tags,
  body: zIssueRestToken,
  response: z.object({ item: zRestToken, token: z.string() }),
});

export const revokeRestToken = defineEndpoint({
  method: 'POST',
  path: '/api/admin/permission/rest-tokens/{id}/revoke',
  permission: 'admin.rest_tokens.edit',
  summary: 'Revoke a REST token: its next call is refused, on every instance',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ item: zRestToken }),
});

/** The scopes an admin may give: the Open API's, each with the endpoints it opens. */
export const listRestTokenScopes = defineEndpoint({
  method: 'GET',
  path: '/api/admin/permission/rest-tokens/scopes',
  permission: 'admin.rest_tokens.read',
  summary: 'The scopes a token may hold, each with the Open API endpoints it opens',
  tags,
  response: z.object({
    items: z.array(
      z.object({
        scope: z.string(),
        /** Whether the caller holds it (a token never gets more than its creator). */
        held: z.boolean(),
        endpoints: z.array(z.object({ id: z.string(), operation_id: z.string(), summary: z.string() })),
      }),
    ),
  }),
});
