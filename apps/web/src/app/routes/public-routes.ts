import { loadLoginPage, loadSignUpPage } from '../../features/auth/auth-pages';
import { type PageDefinition, publicPage } from './page-route';

/** Pages outside the signed-in shell. Add a page with one line. */
export const publicPages: PageDefinition[] = [
  publicPage('/login', loadLoginPage),
  publicPage('/sign-up', loadSignUpPage),
  publicPage('/reset-password', () =>
    import('../../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  publicPage('/403', () => import('../../features/status/forbidden-page').then((m) => m.ForbiddenPage)),
  publicPage('/500', () => import('../../features/status/server-error-page').then((m) => m.ServerErrorPage)),
];
