import { postForgotPassword } from '@app/contract/auth/forgot-password';
import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignOut } from '@app/contract/auth/sign-out';
import { postSignUp } from '@app/contract/auth/sign-up';
import { postVerifyRecoveryCode, postVerifyTotp } from '@app/contract/auth/two-factor';
import { TOKEN_COOKIE } from '@app/contract/common';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { resetPassword, signInWithEmail, signOut, signUpWithEmail, verifySecondFactor } from './auth.service';
import { requestPasswordReset } from './password-reset.service';
import { setTokenCookie } from './token-cookie';

/**
 * The only better-auth features reachable over HTTP are the endpoints below, each under our
 * contract and envelope. The library's own router is not mounted: its other routes (sessions with
 * their tokens, account changes, social flows) are owned by our modules with their own rules, and
 * an unknown `/api/auth/...` path is simply NOT_FOUND.
 */
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

    route(postResetPassword, ({ ctx, body }) => resetPassword(platform, ctx, body), { rateLimit });
    route(
      postForgotPassword,
      ({ ctx, body, request }) => requestPasswordReset(platform, ctx, body.email, request.log),
      { rateLimit },
    );
  },
};
