import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignOut } from '@app/contract/auth/sign-out';
import { postSignUp } from '@app/contract/auth/sign-up';
import { postVerifyRecoveryCode, postVerifyTotp } from '@app/contract/auth/two-factor';
import { TOKEN_COOKIE } from '@app/contract/common';
import { AppError } from '../../platform/app-error';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { resetPassword, signInWithEmail, signOut, signUpWithEmail, verifySecondFactor } from './auth.service';
import { fromAuthError } from './auth-errors';
import { setTokenCookie } from './token-cookie';

/**
 * better-auth endpoints our clients must not reach directly: the account area owns these changes
 * with its own rules (username length, avatars only as stored files, the password confirmation,
 * e-mail change by code, two-factor set-up with the password), and social sign-in and linking,
 * which go through the social module's signed, single-use state.
 */
const CLOSED_AUTH_PATHS =
  /^\/api\/auth\/(update-user|change-email|change-password|two-factor\/|sign-in\/social|link-social|unlink-account|callback\/|list-accounts)/;

/** Compared the way a router might see the path: decoded, slashes collapsed, any case. */
function isClosedAuthPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {}
  return CLOSED_AUTH_PATHS.test(path.replace(/\/{2,}/g, '/').toLowerCase());
}

export const authModule: ServerModule = {
  name: 'auth',
  register(app, platform) {
    const secure = platform.config.publicUrl.startsWith('https://');
    const rateLimit = { max: platform.config.AUTH_RATE_LIMIT_MAX };
    const route = routesFor(app, platform.registry);

    route(
      postSignUp,
      async ({ ctx, body, reply }) => {
        const result = await signUpWithEmail(platform, ctx, body);
        setTokenCookie(reply, secure, result.token, result.expiresAt);
        return { token: result.token, user: result.user };
      },
      { rateLimit },
    );

    route(
      postSignIn,
      async ({ ctx, body, reply }) => {
        const outcome = await signInWithEmail(platform, ctx, body);
        if (outcome.kind === 'two_factor') {
          return {
            token: null,
            user: null,
            two_factor_required: true,
            two_factor_token: outcome.challenge,
            two_factor_methods: ['totp' as const, 'recovery_code' as const],
          };
        }
        const { result } = outcome;
        setTokenCookie(reply, secure, result.token, result.expiresAt);
        return { token: result.token, user: result.user, two_factor_required: false };
      },
      { rateLimit },
    );

    for (const [endpoint, method] of [
      [postVerifyTotp, 'totp'],
      [postVerifyRecoveryCode, 'recovery_code'],
    ] as const) {
      route(
        endpoint,
        async ({ ctx, body, reply }) => {
          const result = await verifySecondFactor(platform, ctx, method, body);
          setTokenCookie(reply, secure, result.token, result.expiresAt);
          return { token: result.token, user: result.user };
        },
        { rateLimit },
      );
    }

    route(postSignOut, async ({ ctx, reply }) => {
      const signedOut = await signOut(platform, ctx);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return { signed_out: signedOut };
    });

    route(postResetPassword, ({ body }) => resetPassword(platform, body), { rateLimit });

    // The rest of better-auth (sessions, and the social flows later issues add),
    // with its errors turned into our envelope.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      config: { rateLimit: { max: platform.config.AUTH_RATE_LIMIT_MAX * 3, timeWindow: 60_000 } },
      handler: async (request, reply) => {
        const url = new URL(request.url, platform.config.publicUrl);
        if (isClosedAuthPath(url.pathname)) throw new AppError('NOT_FOUND');
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(key, value);
          else if (Array.isArray(value)) headers.set(key, value.join(', '));
        }
        const response = await platform.auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            ...(request.method === 'POST' && request.body !== undefined
              ? { body: JSON.stringify(request.body) }
              : {}),
          }),
        );
        const text = await response.text();
        if (response.status >= 400) {
          let code: string | undefined;
          let message: string | undefined;
          try {
            ({ code, message } = JSON.parse(text) as { code?: string; message?: string });
          } catch {}
          throw fromAuthError(code, response.status, message);
        }
        response.headers.forEach((value, key) => {
          if (key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
        });
        return reply.code(response.status).send(text);
      },
    });
  },
};
