import { loadLoginPage, loadSignUpPage } from '../../features/auth/auth-pages';
import { lightPage, type PageDefinition, publicPage } from './page-route';

/**
 * Pages outside the signed-in shell. Add a page with one line. The sign-in pages are light (no
 * antd, no TanStack Query): they are the first page most people open, on any phone
 * (docs/performance.md; `bench/bundle` fails the tests when they grow past their budget).
 */
export const publicPages: PageDefinition[] = [
  lightPage('/login', loadLoginPage),
  lightPage('/sign-up', loadSignUpPage),
  lightPage('/forgot-password', () =>
    import('../../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  lightPage('/reset-password', () =>
    import('../../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  // Sockets disabled (spec section 2): a light page opens no user_basic stream.
  lightPage('/doc/:type/apis/:docID?', () =>
    import('../../features/api-docs/api-docs-page').then((m) => m.ApiDocsPage),
  ),
  // Open so an invited visitor sees what they are invited to; accepting asks them to sign in.
  publicPage('/projects/accept-invite', () =>
    import('../../features/account-projects/accept-project-invite-page').then(
      (m) => m.AcceptProjectInvitePage,
    ),
  ),
  // Where the providers send the browser back (spec section 2, public callback routes).
  publicPage('/google/oauth/code/callback', () =>
    import('../../features/auth/google-callback-page').then((m) => m.GoogleCallbackPage),
  ),
  publicPage('/wechat-bind-callback', () =>
    import('../../features/auth/wechat-callback-page').then((m) => m.WechatCallbackPage),
  ),
  publicPage('/403', () => import('../../features/status/forbidden-page').then((m) => m.ForbiddenPage)),
  publicPage('/500', () => import('../../features/status/server-error-page').then((m) => m.ServerErrorPage)),
];
