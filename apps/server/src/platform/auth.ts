import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Db } from './db';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session';

/** Shown by authenticator apps beside the account (the otpauth:// issuer). */
export const TOTP_ISSUER = 'Marketing AI Workspace';

/** Carries the product's request language from our auth routes to better-auth's user hooks. */
export const LOCALE_HEADER = 'x-app-locale';

/**
 * The better-auth endpoints that open a session for someone signing in, and how. Any other
 * session it creates (renewing the session when two-factor is switched on or off) is not a sign-in.
 */
const SIGN_IN_METHODS: Record<string, string> = {
  '/sign-in/email': 'password',
  '/sign-up/email': 'sign_up',
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'recovery_code',
};

/** Records a successful sign-in when a session is opened; see SIGN_IN_METHODS. */
async function recordSessionSignIn(
  db: Db,
  onSignIn: AuthOptions['onSignIn'],
  session: { userId: string; ipAddress?: string | null; userAgent?: string | null },
  context: { path?: string; headers?: Headers } | null,
): Promise<void> {
  const method = context?.path ? SIGN_IN_METHODS[context.path] : undefined;
  if (!method) return;
  // The two-factor check endpoints also confirm set-up for a signed-in user; that renews the
  // session rather than signing in.
  if (context?.headers?.get('authorization')) return;
  const [user] = await db
    .select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!user) return;
  // Password right but a second factor pending: the plugin drops this session at once, and the
  // sign-in is recorded when the code is accepted.
  if (method === 'password' && user.twoFactorEnabled) return;
  await onSignIn({
    userId: session.userId,
    email: user.email,
    method,
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
  });
}

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Runs once per new user (personal team); kept outside so auth does not depend on a domain. */
  /** `locale`: the language of the request that created the user, when our own route made it. */
  onUserCreated: (user: { id: string; name: string; email: string; locale: string | null }) => Promise<void>;
  /** Runs when a session is opened by signing in (see SIGN_IN_METHODS), for the sign-in history. */
  onSignIn: (signIn: {
    userId: string;
    email: string;
    method: string;
    ipAddress: string | null;
    userAgent: string | null;
  }) => Promise<void>;
}

/**
 * better-auth with e-mail + password and bearer tokens (ARCHITECTURE section 3). The SPA keeps the
 * token in the `app_token` cookie and sends it as `Authorization: Bearer`; passwords are hashed by
 * the library and never pass through our logs.
 */
export function createAuth({ config, db, secret, onUserCreated, onSignIn }: AuthOptions) {
  return betterAuth({
    appName: 'Marketing AI Workspace',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
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
      // The request pipeline resolves tokens itself (session.ts) with the same two numbers.
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
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
          after: async (session, context) => recordSessionSignIn(db, onSignIn, session, context),
        },
      },
      user: {
        create: {
          after: async (user, context) =>
            onUserCreated({
              id: user.id,
              name: user.name,
              email: user.email,
              locale: context?.headers?.get(LOCALE_HEADER) ?? null,
            }),
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
    plugins: [
      bearer(),
      // TOTP with an authenticator app; the secret and recovery codes are stored encrypted with the
      // app secret. A pending sign-in lives 10 minutes and allows 5 wrong codes (library defaults).
      twoFactor({ issuer: TOTP_ISSUER }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
