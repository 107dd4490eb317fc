import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { projects, teams } from './teams';

/**
 * A Google service (ga, gsc, gads) bound to a team, or to one project of it, with the Google
 * account's tokens sealed (AES-256-GCM, key from APP_SECRET) and the sync's state. One binding per
 * service and scope. Its rows in the team's analytics store are tagged with `selected_id`.
 */
export const googleBindings = pgTable(
  'google_bindings',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    /** Google's stable id of the account (`sub`), its name and e-mail as Google gave them. */
    googleSub: text('google_sub').notNull(),
    accountName: text('account_name').notNull(),
    accountEmail: text('account_email'),
    /** Sealed JSON `{ refresh_token, access_token }`; never answered, never logged. */
    sealedTokens: text('sealed_tokens').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    /** The scopes Google granted, space separated. */
    scopes: text('scopes').notNull(),
    /** active | needs_reconnect */
    status: text('status').notNull().default('active'),
    boundBy: text('bound_by').references(() => users.id, { onDelete: 'set null' }),
    boundByAdmin: boolean('bound_by_admin').notNull().default(false),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    /** The spec's `selected` shape for the service, and the id and name it syncs. */
    selected: jsonb('selected').$type<Record<string, unknown>>(),
    selectedId: text('selected_id'),
    selectedName: text('selected_name'),
    /** idle | queued | running | waiting | succeeded | failed */
    syncStatus: text('sync_status').notNull().default('idle'),
    /** backfill | incremental */
    syncPhase: text('sync_phase'),
    syncRangeStart: date('sync_range_start', { mode: 'string' }),
    syncRangeEnd: date('sync_range_end', { mode: 'string' }),
    syncWindowsDone: integer('sync_windows_done').notNull().default(0),
    syncWindowsTotal: integer('sync_windows_total').notNull().default(0),
    syncRows: bigint('sync_rows', { mode: 'number' }).notNull().default(0),
    /** Tries of the current run since it last made progress (backoff grows with it). */
    syncAttempts: integer('sync_attempts').notNull().default(0),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    syncNextAttemptAt: timestamp('sync_next_attempt_at', { withTimezone: true }),
    /** Set when the first backfill finished: later runs are daily increments. */
    backfilledAt: timestamp('backfilled_at', { withTimezone: true }),
    heldStart: date('held_start', { mode: 'string' }),
    heldEnd: date('held_end', { mode: 'string' }),
    completeThrough: date('complete_through', { mode: 'string' }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('google_bindings_scope_service_uq').on(
      t.teamId,
      sql`coalesce(${t.projectId}, '')`,
      t.service,
    ),
    index('google_bindings_sub_idx').on(t.googleSub),
    index('google_bindings_project_idx').on(t.projectId),
  ],
);

/**
 * Every call to an external API (the admin interfaces page): which API, how it ended, how long it
 * took, the quota it spent. Never a token, a code or a query string. Kept 30 days.
 */
export const externalCalls = pgTable(
  'external_calls',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    api: text('api').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status'),
    /** ok | quota | auth | error | unreachable */
    outcome: text('outcome').notNull(),
    errorCode: text('error_code'),
    latencyMs: integer('latency_ms').notNull(),
    quotaCost: real('quota_cost').notNull().default(1),
    service: text('service'),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    bindingId: text('binding_id'),
  },
  (t) => [
    index('external_calls_created_idx').on(t.createdAt),
    index('external_calls_api_created_idx').on(t.api, t.createdAt),
  ],
);

/**
 * One writer per team's analytics store across instances: a sync holds its team's lease while it
 * writes; a lease left by a crashed process expires.
 */
export const connectorTeamLeases = pgTable('connector_team_leases', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
