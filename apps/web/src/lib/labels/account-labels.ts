import type { Translate } from './translate';

/** The app's look, as the personalization page offers it. */
export function themeLabel(theme: string, t: Translate): string {
  switch (theme) {
    case 'light':
      return t('Light');
    case 'dark':
      return t('Dark');
    default:
      return theme;
  }
}

/** A sign-in provider other than the e-mail form. WeChat is 微信 in Chinese, so it is translated too. */
export function socialProviderLabel(provider: string, t: Translate): string {
  switch (provider) {
    case 'google':
      return t('Google');
    case 'wechat':
      return t('WeChat');
    default:
      return provider;
  }
}

/** How a sign-in was made, in the sign-in history (a provider's sign-in names the provider). */
export function signInMethodLabel(method: string, t: Translate): string {
  switch (method) {
    case 'password':
      return t('Password');
    case 'totp':
      return t('Authenticator app');
    case 'recovery_code':
      return t('Recovery code');
    case 'sign_up':
      return t('Account created');
    default:
      return socialProviderLabel(method, t);
  }
}

/** The second step of a sign-in with two-factor authentication. */
export function secondFactorLabel(method: string, t: Translate): string {
  return signInMethodLabel(method, t);
}
