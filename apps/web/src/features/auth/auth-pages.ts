import type { ComponentType } from 'react';
import { REGION } from '../../lib/build-config';

/**
 * The build's region picks the /login and /sign-up variant. Each variant is its own chunk, so a
 * build only ever downloads the one it shows.
 */
export function loadLoginPage(): Promise<ComponentType> {
  return REGION === 'cn'
    ? import('./cn-login-page').then((m) => m.CnLoginPage)
    : import('./login-page').then((m) => m.LoginPage);
}

export function loadSignUpPage(): Promise<ComponentType> {
  return REGION === 'cn'
    ? import('./cn-sign-up-page').then((m) => m.CnSignUpPage)
    : import('./sign-up-page').then((m) => m.SignUpPage);
}
