import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from './config';
import { serverModules } from './modules';
import { createPersonalTeam } from './modules/teams/teams.service';
import { AccessControl } from './platform/access';
import { createAuth } from './platform/auth';
import type { Database } from './platform/db';
import { LoggedMailer } from './platform/email-log';
import { EndpointRegistry } from './platform/endpoint';
import { installErrorHandler } from './platform/error-handler';
import { EventBus } from './platform/event-bus';
import { Jobs } from './platform/jobs';
import { createMailer } from './platform/mail';
import { installOpenApi } from './platform/openapi';
import { installPipeline, newRequestId } from './platform/pipeline';
import type { Platform } from './platform/platform';
import { installRateLimit } from './platform/rate-limit';
import { Reminders } from './platform/reminders';
import { installSecurityHeaders } from './platform/security';
import { installSpa } from './platform/spa';
import { createLocalFileStore } from './platform/storage';
import { Translator } from './platform/translator';

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
    logger,
    genReqId: newRequestId,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
  });

  const db = database.db;
  const platform: Platform = {
    config,
    database,
    db,
    auth: createAuth({
      config,
      db,
      secret,
      onUserCreated: async (user) => {
        await createPersonalTeam(db, user);
      },
    }),
    access: new AccessControl(db),
    registry: new EndpointRegistry(),
    translator: new Translator(db),
    mailer: new LoggedMailer(createMailer(config.SMTP_URL, config.MAIL_FROM), db),
    events: new EventBus(database),
    jobs: new Jobs(database, config.JOBS_ENABLED),
    reminders: new Reminders(),
    files: createLocalFileStore(path.join(config.DATA_DIR, 'files')),
    secret,
    apiVersion: API_VERSION,
  };

  // Request schemas are zod; a failure reaches the error handler as the ZodError itself.
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(serializerCompiler);

  installErrorHandler(app, db);
  await installSecurityHeaders(app, config);
  await app.register(cookie);
  // Spec section 9: 20 MB per file and 10 files per upload by default; routes may ask for less.
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50 } });
  await installRateLimit(app, config.REDIS_URL);
  await installOpenApi(app, API_VERSION);
  installPipeline(app, platform);
  // Listening and jobs start with the server and stop before the database closes.
  app.addHook('onReady', async () => {
    await platform.events.start();
    await platform.jobs.start();
  });
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    await platform.events.close();
  });

  for (const module of serverModules) await module.register(app, platform);

  await installSpa(app, config.WEB_DIST, config.SERVE_WEB);
  return { app, platform };
}
