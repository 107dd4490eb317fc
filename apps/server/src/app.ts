import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from './config';
import { serverModules } from './modules';
import { STORE_TABLES } from './modules/analytics/store-schema';
import { recordSignInAttempt } from './modules/auth/sign-in-events.repo';
import { createPersonalTeam } from './modules/teams/teams.service';
import { AccessControl } from './platform/access';
import { AnalyticsCatalog } from './platform/analytics-catalog';
import { AnalyticsStore } from './platform/analytics-store';
import { validationError } from './platform/app-error';
import { createAuth } from './platform/auth';
import { CacheRegistry } from './platform/cache-registry';
import { ChangeFeed } from './platform/change-feed';
import type { Database } from './platform/db';
import { LoggedMailer } from './platform/email-log';
import { EndpointRegistry } from './platform/endpoint';
import { installErrorHandler } from './platform/error-handler';
import { EventBus } from './platform/event-bus';
import { findUnsafeText, installInputGuard, UNSAFE_TEXT_MESSAGE } from './platform/input-guard';
import { Jobs } from './platform/jobs';
import { withSafeLogging } from './platform/logger';
import { createMailer } from './platform/mail';
import { installMaintenanceGate, Maintenance } from './platform/maintenance';
import { Metrics } from './platform/metrics';
import { createObjectStore } from './platform/object-store';
import { OpenApiGate } from './platform/open-api-gate';
import { installOpenApi } from './platform/openapi';
import { installPipeline, newRequestId } from './platform/pipeline';
import type { Platform } from './platform/platform';
import { installRateLimit } from './platform/rate-limit';
import { Reminders } from './platform/reminders';
import { normalizeLocale } from './platform/request-context';
import { installSecurityHeaders } from './platform/security';
import { SessionResolver } from './platform/session';
import { installSpa } from './platform/spa';
import { Translator } from './platform/translator';
import { clientErrorHandler, frameworkErrors } from './platform/transport-errors';

export const API_VERSION = '1.0.0';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  secret: string;
  logger?: FastifyServerOptions['logger'];
}

export interface BuiltApp {
  app: FastifyInstance;
  platform: Platform;
}

/** Builds the whole server from the platform and the modules; tests call this with their own database. */
export async function buildApp({
  config,
  database,
  secret,
  logger = false,
}: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: withSafeLogging(logger),
    genReqId: newRequestId,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // Requests the router or Node's parser refuse still answer with the product's envelope.
    frameworkErrors,
    clientErrorHandler,
  });

  const db = database.db;
  const changes = new ChangeFeed(database);
  // Before every cache: each joins the registry of its platform's change feed when it is built.
  const caches = new CacheRegistry(database, changes);
  const access = new AccessControl(db, changes);
  const files = await createObjectStore(config);
  const platform: Platform = {
    config,
    database,
    db,
    auth: createAuth({
      config,
      db,
      secret,
      onUserCreated: async (user) => {
        // In the language of the sign-up (our routes pass it on), else the region's.
        const locale =
          normalizeLocale(user.locale ?? undefined) ?? (config.REGION === 'cn' ? 'zh_CN' : 'en_US');
        await platform.translator.ensureFresh();
        await createPersonalTeam(db, user, (msgid) => platform.translator.translate(locale, msgid));
      },
      onSignIn: (signIn) => recordSignInAttempt(db, { ...signIn, success: true }),
    }),
    changes,
    caches,
    sessions: new SessionResolver(db, changes, secret),
    access,
    openApi: new OpenApiGate(db, access),
    registry: new EndpointRegistry(),
    translator: new Translator(db, changes),
    mailer: new LoggedMailer(createMailer(config.SMTP_URL, config.MAIL_FROM), db),
    events: new EventBus(database),
    jobs: new Jobs(database, config.JOBS_ENABLED),
    reminders: new Reminders(),
    files,
    maintenance: new Maintenance(database),
    // Team stores written by an earlier version gain the columns added since on first read. With
    // files on S3 the stores are shared by every instance: versions there, the catalog here.
    analytics: new AnalyticsStore(
      path.join(config.DATA_DIR, 'analytics'),
      {},
      STORE_TABLES,
      files.backend === 's3'
        ? {
            catalog: new AnalyticsCatalog(database),
            files,
            withLock: (name, work) => database.withLock(name, work),
            changes,
          }
        : null,
    ),
    metrics: new Metrics(),
    secret,
    apiVersion: API_VERSION,
  };

  // Request schemas are zod; a failure reaches the error handler as the ZodError itself. Text a
  // schema derives (a JSON `filters` parameter parsed into items) meets the same rule as raw input.
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    if (!result.success) return { error: result.error };
    const unsafe = findUnsafeText(result.data, '');
    return unsafe ? { error: validationError({ [unsafe]: UNSAFE_TEXT_MESSAGE }) } : { value: result.data };
  });
  app.setSerializerCompiler(serializerCompiler);

  installErrorHandler(app, db);
  await installSecurityHeaders(app, config);
  await app.register(cookie);
  // Spec section 9: 20 MB per file and 10 files per upload by default; routes may ask for less.
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50 } });
  await installRateLimit(app, config.REDIS_URL, caches);
  await installOpenApi(app, API_VERSION);
  // Before the pipeline: in maintenance a call is refused before it looks anything up.
  installMaintenanceGate(app, platform);
  installPipeline(app, platform);
  installInputGuard(app);
  // Listening and jobs start with the server and stop before the database closes.
  app.addHook('onReady', async () => {
    await platform.changes.start();
    await platform.caches.start();
    await platform.events.start();
    await platform.jobs.start();
  });
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    await platform.openApi.flush();
    await platform.events.close();
    await platform.changes.close();
    await platform.caches.close();
    await platform.analytics.close();
  });

  for (const module of serverModules) await module.register(app, platform);

  await installSpa(app, config.WEB_DIST, config.SERVE_WEB);
  return { app, platform };
}
