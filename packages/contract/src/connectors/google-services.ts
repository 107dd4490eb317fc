import { z } from 'zod';
import { zGoogleSource } from '../analytics/query';

/**
 * The Google services a team binds (spec section 1: an analytics, a search-console and an ads
 * service from one provider). The names are the query model's sources and the keys of the
 * metadata answer (spec section 3: ga, gsc, gads).
 */
export const GOOGLE_SERVICES = zGoogleSource.options;
export const zGoogleService = zGoogleSource;
export type GoogleService = z.infer<typeof zGoogleService>;

export const GOOGLE_SERVICE_LABELS: Record<GoogleService, string> = {
  ga: 'Google Analytics 4',
  gsc: 'Google Search Console',
  gads: 'Google Ads',
};

/**
 * The OAuth scopes each service asks for, read-only where Google offers it (Ads has no
 * read-only scope). `openid email profile` ride along so the binding can name the account.
 */
export const GOOGLE_SERVICE_SCOPES: Record<GoogleService, readonly string[]> = {
  ga: ['https://www.googleapis.com/auth/analytics.readonly'],
  gsc: ['https://www.googleapis.com/auth/webmasters.readonly'],
  gads: ['https://www.googleapis.com/auth/adwords'],
};
export const GOOGLE_IDENTITY_SCOPES = ['openid', 'email', 'profile'] as const;

/** The third-party platforms a bound-account query may name (spec section 3: `platforms.google`). */
export const zThirdPartyPlatform = z.enum(['google']);
export type ThirdPartyPlatform = z.infer<typeof zThirdPartyPlatform>;

const zId = z.string().trim().min(1).max(64);

/**
 * Spec section 6: project and team identifiers may scope the Google calls. Without either, the
 * caller's current team; a project scopes to that project inside its team. An id the caller
 * cannot reach is NOT_FOUND.
 */
export const zConnectScope = {
  project_id: zId.optional(),
  team_id: zId.optional(),
};

/**
 * A JSON list (spec section 7: `platforms`, `service_types`): its JSON text, as the web sends it
 * in a query or form, or (in a JSON body) the list itself. Repeats are dropped.
 */
export function zJsonList<T extends z.ZodType>(item: T, field: string) {
  const list = z
    .array(item)
    .min(1, { message: `Name at least one in ${field}` })
    .max(10)
    .transform((items) => [...new Set(items)] as z.output<T>[]);
  const text = z
    .string()
    .max(1000)
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON list` });
        return z.NEVER;
      }
    })
    .pipe(list);
  return z.union([list, text]);
}

/** Where a bound account's sync stands (the connectors page's progress and last error). */
export const zSyncStatus = z.enum([
  /** Nothing to sync yet: no property, site or customer chosen. */
  'idle',
  'queued',
  'running',
  /** Stopped by a quota limit or a passing error; resumes by itself at `next_attempt_at`. */
  'waiting',
  'succeeded',
  /** Stopped until someone acts (reconnect, or 'sync now' after repeated errors). */
  'failed',
]);
export type SyncStatus = z.infer<typeof zSyncStatus>;

/** A first backfill (up to two years), then daily increments that re-read the last 3 days. */
export const zSyncPhase = z.enum(['backfill', 'incremental']);
export type SyncPhase = z.infer<typeof zSyncPhase>;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const zDayRange = z.object({ start: zDay, end: zDay });
