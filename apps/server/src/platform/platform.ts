import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AccessControl } from './access';
import type { AnalyticsStore } from './analytics-store';
import type { Auth } from './auth';
import type { CacheRegistry } from './cache-registry';
import type { ChangeFeed } from './change-feed';
import type { Database, Db } from './db';
import type { LoggedMailer } from './email-log';
import type { EndpointRegistry } from './endpoint';
import type { EventBus } from './event-bus';
import type { Jobs } from './jobs';
import type { Maintenance } from './maintenance';
import type { Metrics } from './metrics';
import type { OpenApiGate } from './open-api-gate';
import type { Reminders } from './reminders';
import type { SessionResolver } from './session';
import type { ObjectStore } from './storage';
import type { Translator } from './translator';

/** The shared services every module receives; built once in app.ts. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** The database's announcements of its own changes, which every in-memory cache listens to. */
  changes: ChangeFeed;
  /** Every cache this instance keeps (sessions, versioned data, rate-limit counters...), for the data-cache page. */
  caches: CacheRegistry;
  /** Bearer token -> session, user and team; kept in memory until the database says it changed. */
  sessions: SessionResolver;
  access: AccessControl;
  /** REST tokens -> the Open API's callers, held to their scopes; and the log of their calls. */
  openApi: OpenApiGate;
  registry: EndpointRegistry;
  translator: Translator;
  /** Every send is logged (admin e-mail logs) and failed ones retried. */
  mailer: LoggedMailer;
  /** Realtime messages to users across instances (LISTEN/NOTIFY). */
  events: EventBus;
  /** Background jobs across instances (pg-boss); modules `define` theirs when registering. */
  jobs: Jobs;
  /** Daily reminders modules register (billing); delivered once each by the messages module. */
  reminders: Reminders;
  /** Where every file's bytes live (local disk or S3); rows and quotas are the storage module's. */
  files: ObjectStore;
  /** The gate a restore closes: other calls answer 503 MAINTENANCE until it is done. */
  maintenance: Maintenance;
  /** The analytics store: DuckDB per team and the shared demo (the analytics module owns what it holds). */
  analytics: AnalyticsStore;
  /** This instance's Prometheus figures (`GET /metrics`); modules add theirs. */
  metrics: Metrics;
  secret: string;
  apiVersion: string;
}

/**
 * A feature's server side: one folder under modules/ exporting one of these, listed once in
 * modules.ts. It registers its endpoints with `registerEndpoint` and owns its rules.
 */
export interface ServerModule {
  name: string;
  register(app: FastifyInstance, platform: Platform): void | Promise<void>;
}
