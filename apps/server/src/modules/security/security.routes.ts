import {
  postChangeEmail,
  postSendEmailChangeCode,
  postSendVerificationCode,
  postVerifyEmail,
} from '@app/contract/account/security/email';
import { postChangePassword, postSetPassword } from '@app/contract/account/security/password';
import { getSecurityOverview as overviewEndpoint } from '@app/contract/account/security/security-overview';
import {
  listActiveSessions,
  revokeActiveSession,
  revokeOtherSessions as revokeOthersEndpoint,
} from '@app/contract/account/security/sessions';
import { listRecentSignIns as signInsEndpoint } from '@app/contract/account/security/sign-ins';
import {
  postConfirmTwoFactor,
  postDisableTwoFactor,
  postEnableTwoFactor,
  postRegenerateRecoveryCodes,
} from '@app/contract/account/security/two-factor';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { sessionExpiry, setTokenCookie } from '../auth/token-cookie';
import { changeEmail, sendEmailChangeCode, sendVerificationCode, verifyEmail } from './email.service';
import { changePassword, setPassword } from './password.service';
import { listRecentSignIns, listSessions, revokeOtherSessions, revokeSession } from './sessions.service';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getSecurityOverview,
  regenerateRecoveryCodes,
  startTwoFactor,
} from './two-factor.service';

export const securityModule: ServerModule = {
  name: 'security',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    const secure = platform.config.publicUrl.startsWith('https://');
    // Everything that takes a password or a code, or sends mail, is limited like sign-in.
    const rateLimit = { max: platform.config.AUTH_RATE_LIMIT_MAX };

    route(overviewEndpoint, ({ ctx }) => getSecurityOverview(platform, ctx));
    route(postChangePassword, ({ ctx, body }) => changePassword(platform, ctx, body), { rateLimit });
    route(postSetPassword, ({ ctx, body }) => setPassword(platform, ctx, body), { rateLimit });

    route(postSendVerificationCode, ({ ctx }) => sendVerificationCode(platform, ctx), { rateLimit });
    route(postVerifyEmail, ({ ctx, body }) => verifyEmail(platform, ctx, body.code), { rateLimit });
    route(postSendEmailChangeCode, ({ ctx, body }) => sendEmailChangeCode(platform, ctx, body), {
      rateLimit,
    });
    route(postChangeEmail, ({ ctx, body }) => changeEmail(platform, ctx, body.code), { rateLimit });

    route(postEnableTwoFactor, ({ ctx, body }) => startTwoFactor(platform, ctx, body.password), {
      rateLimit,
    });
    route(
      postConfirmTwoFactor,
      async ({ ctx, body, reply }) => {
        const answer = await confirmTwoFactor(platform, ctx, body.code);
        setTokenCookie(reply, secure, answer.token, sessionExpiry());
        return answer;
      },
      { rateLimit },
    );
    route(
      postDisableTwoFactor,
      async ({ ctx, body, reply }) => {
        const answer = await disableTwoFactor(platform, ctx, body.password);
        setTokenCookie(reply, secure, answer.token, sessionExpiry());
        return answer;
      },
      { rateLimit },
    );
    route(
      postRegenerateRecoveryCodes,
      ({ ctx, body }) => regenerateRecoveryCodes(platform, ctx, body.password),
      {
        rateLimit,
      },
    );

    route(listActiveSessions, ({ ctx }) => listSessions(platform, ctx));
    route(revokeActiveSession, ({ ctx, params }) => revokeSession(platform, ctx, params.id));
    route(revokeOthersEndpoint, ({ ctx }) => revokeOtherSessions(platform, ctx));
    route(signInsEndpoint, ({ ctx }) => listRecentSignIns(platform, ctx));
  },
};
