import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { teams } from './teams';

/**
 * REST tokens of the Open API (`/admin/permission/rest-token`): issued by an admin for one team,
 * held to scopes chosen from the permission codes. The token itself is shown once and kept only
 * as its SHA-256 (`token_hash`); `token_prefix` lets a list tell tokens apart.
 */
export const restTokens = pgTable(
  'rest_tokens',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    /** Calls a minute this token may make before it is answered TOO_MANY_REQUESTS. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(60),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rest_tokens_team_idx').on(t.teamId)],
);

/**
 * Every Open API call (`/admin/logs/open-api/requests`): a call that presented a REST token, let in
 * or refused. `token_id` is null when the token was unknown.
 */
export const openApiRequests = pgTable(
  'open_api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenId: text('token_id'),
    teamId: text('team_id'),
    reqId: text('req_id').notNull(),
    method: text('method').notNull(),
    /** The endpoint's `METHOD /path` when the call reached one, else the path asked for. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    errorCode: text('error_code'),
    latencyMs: integer('latency_ms').notNull(),
    bytes: integer('bytes').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_api_requests_created_idx').on(t.createdAt),
    index('open_api_requests_token_idx').on(t.tokenId, t.createdAt),
  ],
);
