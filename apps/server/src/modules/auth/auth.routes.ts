import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignOut } from '@app/contract/auth/sign-out';
import { postSignUp } from '@app/contract/auth/sign-up';
import { TOKEN_COOKIE } from '@app/contract/common';
import type { FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { type AuthResult, resetPassword, signInWithEmail, signOut, signUpWithEmail } from './auth.service';
import { fromAuthError } from './auth-errors';

/**
 * The token cookie the SPA reads to build its `Authorization` header. Not httpOnly by design
 * (spec section 7: the client takes the bearer from a cookie); the server never authenticates by
 * cookie, so it cannot be used for CSRF.
 */
function setTokenCookie(reply: FastifyReply, secure: boolean, result: AuthResult): void {
  reply.setCookie(TOKEN_COOKIE, result.token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    expires: result.expiresAt,
  });
}

export const authModule: ServerModule = {
  name: 'auth',
  register(app, platform) {
    const secure = platform.config.publicUrl.startsWith('https://');
    const rateLimit = { max: platform.config.AUTH_RATE_LIMIT_MAX };

    registerEndpoint(
      app,
      platform.registry,
      postSignUp,
      async ({ ctx, body, reply }) => {
        const result = await signUpWithEmail(platform, ctx, body);
        setTokenCookie(reply, secure, result);
        return { token: result.token, user: result.user };
      },
      { rateLimit },
    );

    registerEndpoint(
      app,
      platform.registry,
      postSignIn,
      async ({ ctx, body, reply }) => {
        const result = await signInWithEmail(platform, ctx, body);
        setTokenCookie(reply, secure, result);
        return { token: result.token, user: result.user };
      },
      { rateLimit },
    );

    registerEndpoint(app, platform.registry, postSignOut, async ({ ctx, reply }) => {
      const signedOut = await signOut(platform, ctx);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return { signed_out: signedOut };
    });

    registerEndpoint(app, platform.registry, postResetPassword, ({ body }) => resetPassword(platform, body), {
      rateLimit,
    });

    // The rest of better-auth (sessions, and the social and two-factor flows later issues add),
    // with its errors turned into our envelope.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      config: { rateLimit: { max: platform.config.AUTH_RATE_LIMIT_MAX * 3, timeWindow: 60_000 } },
      handler: async (request, reply) => {
        const url = new URL(request.url, platform.config.publicUrl);
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
