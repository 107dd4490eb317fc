import { loadLoginPage, loadSignUpPage } from '../../features/auth/auth-pages';
import { type PageDefinition, publicPage } from './page-route';

/** Pages outside the signed-in shell. Add a page with one line. */
export const publicPages: PageDefinition[] = [
  publicPage('/login', loadLoginPage),
  publicPage('/sign-up', loadSignUpPage),
  publicPage('/reset-password', () =>
    import('../../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  // Open so an invited visitor sees what they are invited to; accepting asks them to sign in.
  publicPage('/projects/accept-invite', () =>
    import('../../features/account-projects/accept-project-invite-page').then(
      (m) => m.AcceptProjectInvitePage,
    ),
  ),
  // Where the providers send the browser back (spec section 2, public callback routes).
  publicPage('/google/oauth/code/callback', () =>
    import('../../features/social-auth/google-callback-page').then((m) => m.GoogleCallbackPage),
  ),
  publicPage('/wechat-bind-callback', () =>
    import('../../features/social-auth/wechat-callback-page').then((m) => m.WechatCallbackPage),
  ),
  publicPage('/403', () => import('../../features/status/forbidden-page').then((m) => m.ForbiddenPage)),
  publicPage('/500', () => import('../../features/status/server-error-page').then((m) => m.ServerErrorPage)),
];
