import {
  postGoogleBindCreate,
  postGoogleCodeCallback,
  postGoogleSignInCreate,
} from '@app/contract/social/google';
import { deleteSocialAccount, getSocialProviders, listSocialAccounts } from '@app/contract/social/social';
import {
  getWechatOffiConnectCreate,
  getWechatOpenWebConnectCreate,
  postWechatCodeCallback,
} from '@app/contract/social/wechat';
import type { FastifyReply } from 'fastify';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { setTokenCookie } from '../auth/token-cookie';
import { createGoogleConsent, finishGoogle } from './google.service';
import { listMySocialAccounts, unlinkSocialAccount } from './social-accounts.service';
import { configuredProviders } from './social-config';
import type { SocialOutcome } from './social-identity.service';
import { createWechatOffi, createWechatQr, finishWechat } from './wechat.service';

/** Google sign-in and WeChat QR / official-account sign-in, and the links they leave (issue 4 item 9). */
export const socialModule: ServerModule = {
  name: 'social',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    const secure = platform.config.publicUrl.startsWith('https://');
    // Each call writes a state row or signs someone in: limited like the password sign-in.
    const rateLimit = { max: platform.config.AUTH_RATE_LIMIT_MAX };

    /** A new session goes into the token cookie, as the password sign-in does. */
    const answer = (reply: FastifyReply, outcome: SocialOutcome) => {
      if (outcome.session) setTokenCookie(reply, secure, outcome.session.token, outcome.session.expiresAt);
      return outcome.answer;
    };

    route(getSocialProviders, () => configuredProviders(platform));

    route(
      postGoogleSignInCreate,
      ({ request, reply, body }) =>
        createGoogleConsent(platform, request, reply, { purpose: 'sign_in', next: body.next ?? null }),
      { rateLimit },
    );
    route(
      postGoogleBindCreate,
      ({ ctx, request, reply }) =>
        createGoogleConsent(platform, request, reply, { purpose: 'bind', userId: ctx.user.id }),
      { rateLimit },
    );
    route(
      postGoogleCodeCallback,
      async ({ request, reply, body }) => answer(reply, await finishGoogle(platform, request, body)),
      { rateLimit },
    );

    route(
      getWechatOpenWebConnectCreate,
      ({ request, reply, query }) => createWechatQr(platform, request, reply, query),
      { rateLimit },
    );
    route(
      getWechatOffiConnectCreate,
      ({ request, reply, query }) => createWechatOffi(platform, request, reply, query),
      { rateLimit },
    );
    route(
      postWechatCodeCallback,
      async ({ request, reply, body }) => answer(reply, await finishWechat(platform, request, body)),
      { rateLimit },
    );

    route(listSocialAccounts, ({ ctx }) => listMySocialAccounts(platform, ctx));
    route(deleteSocialAccount, ({ ctx, params }) => unlinkSocialAccount(platform, ctx, params.id));
  },
};
