import type { SocialProviders } from '@app/contract/social/social';
import type { Config } from '../../config';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import { readForeignKey } from '../foreign-keys/foreign-keys.service';

/** The web routes the providers send the browser back to (spec section 2, public callback routes). */
export const GOOGLE_CALLBACK_ROUTE = '/google/oauth/code/callback';
export const WECHAT_CALLBACK_ROUTE = '/wechat-bind-callback';

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  redirectUri: string;
}

/** `open`: the Open Platform website app (QR login). `offi`: the official account (WeChat browser). */
export type WechatAppKind = 'open' | 'offi';

export interface WechatApp {
  kind: WechatAppKind;
  appId: string;
  appSecret: string;
  /** The provider page the browser goes to: the QR page, or the official-account authorisation. */
  authUrl: string;
  apiBaseUrl: string;
  redirectUri: string;
}

const present = (value: string | undefined): value is string => Boolean(value?.trim());

/**
 * Google's OAuth client is the one the admins keep on the foreign-keys page (the connectors use
 * the same entry), else the environment's (ARCHITECTURE section 6). WeChat's apps still come from
 * the environment until the vault has a WeChat kind.
 */
export async function googleClient(platform: Platform): Promise<GoogleClient | null> {
  const { config } = platform;
  const values = await readForeignKey(platform, 'google_oauth');
  const clientId = values?.client_id;
  const clientSecret = values?.client_secret;
  if (!present(clientId) || !present(clientSecret)) return null;
  return {
    clientId: clientId.trim(),
    clientSecret: clientSecret.trim(),
    authUrl: config.GOOGLE_AUTH_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    userinfoUrl: config.GOOGLE_USERINFO_URL,
    redirectUri: new URL(GOOGLE_CALLBACK_ROUTE, config.publicUrl).toString(),
  };
}

export function wechatApp(config: Config, kind: WechatAppKind): WechatApp | null {
  const appId = kind === 'open' ? config.WECHAT_OPEN_APP_ID : config.WECHAT_OFFI_APP_ID;
  const appSecret = kind === 'open' ? config.WECHAT_OPEN_APP_SECRET : config.WECHAT_OFFI_APP_SECRET;
  if (!present(appId) || !present(appSecret)) return null;
  return {
    kind,
    appId: appId.trim(),
    appSecret: appSecret.trim(),
    authUrl: kind === 'open' ? config.WECHAT_OPEN_AUTH_URL : config.WECHAT_OFFI_AUTH_URL,
    apiBaseUrl: config.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
    redirectUri: new URL(WECHAT_CALLBACK_ROUTE, config.publicUrl).toString(),
  };
}

export async function configuredProviders(platform: Platform): Promise<SocialProviders> {
  const { config } = platform;
  return {
    google: { configured: (await googleClient(platform)) !== null },
    wechat_open: { configured: wechatApp(config, 'open') !== null },
    wechat_offi: { configured: wechatApp(config, 'offi') !== null },
  };
}

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server';
export const WECHAT_OPEN_NOT_CONFIGURED = 'WeChat QR sign-in is not configured on this server';
export const WECHAT_OFFI_NOT_CONFIGURED = 'WeChat official-account sign-in is not configured on this server';

export async function requireGoogle(platform: Platform): Promise<GoogleClient> {
  const client = await googleClient(platform);
  if (!client) throw new AppError('CONFLICT', { msg: GOOGLE_NOT_CONFIGURED });
  return client;
}

export function requireWechat(config: Config, kind: WechatAppKind): WechatApp {
  const app = wechatApp(config, kind);
  if (!app) {
    throw new AppError('CONFLICT', {
      msg: kind === 'open' ? WECHAT_OPEN_NOT_CONFIGURED : WECHAT_OFFI_NOT_CONFIGURED,
    });
  }
  return app;
}
