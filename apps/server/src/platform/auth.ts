import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { Db } from './db';

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Runs once per new user (personal team); kept outside so auth does not depend on a domain. */
  onUserCreated: (user: { id: string; name: string; email: string }) => Promise<void>;
}

/**
 * better-auth with e-mail + password and bearer tokens (ARCHITECTURE section 3). The SPA keeps the
 * token in the `app_token` cookie and sends it as `Authorization: Bearer`; passwords are hashed by
 * the library and never pass through our logs.
 */
export function createAuth({ config, db, secret, onUserCreated }: AuthOptions) {
  return betterAuth({
    appName: 'Marketing AI Workspace',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        locale: { type: 'string', required: false, input: false },
        banned: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      session: {
        create: {
          // A banned user cannot open a session, whatever the way in.
          before: async (session) => {
            const [user] = await db
              .select({ banned: users.banned })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.banned)
              throw new APIError('FORBIDDEN', { code: 'BANNED', message: 'This account is banned' });
          },
        },
      },
      user: {
        create: {
          after: async (user) => onUserCreated({ id: user.id, name: user.name, email: user.email }),
        },
      },
    },
    // Our edge rate-limits sign-in and sign-up with the product's RATE_LIMITED envelope.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'debug' : 'error' },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
