import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AccessControl } from './access';
import type { Auth } from './auth';
import type { Database, Db } from './db';
import type { EndpointRegistry } from './endpoint';
import type { Mailer } from './mail';
import type { FileStore } from './storage';
import type { Translator } from './translator';

/** The shared services every module receives; built once in app.ts. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  access: AccessControl;
  registry: EndpointRegistry;
  translator: Translator;
  mailer: Mailer;
  files: FileStore;
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
