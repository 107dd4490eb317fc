import type { BoolDynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import { GOOGLE_SERVICE_LABELS, type GoogleService } from '@app/contract/connectors/google-services';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { readForeignKey } from '../foreign-keys/foreign-keys.service';

/** The web page Google returns to, for sign-in and connectors alike (spec section 2). */
export const GOOGLE_CALLBACK_ROUTE = '/google/oauth/code/callback';

/**
 * The Google OAuth client (from the foreign-keys vault, seeded by the environment) and the base
 * URLs of every Google API the connectors call (config, so a proxy or the stand-in can stand in).
 */
export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  developerToken: string | null;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  analyticsAdminUrl: string;
  analyticsDataUrl: string;
  searchConsoleUrl: string;
  adsUrl: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export async function googleClient(platform: Platform): Promise<GoogleClient | null> {
  const values = await readForeignKey(platform, 'google_oauth');
  const clientId = values?.client_id?.trim();
  const clientSecret = values?.client_secret?.trim();
  if (!clientId || !clientSecret) return null;
  const config = platform.config;
  return {
    clientId,
    clientSecret,
    developerToken: values?.ads_developer_token?.trim() || null,
    redirectUri: new URL(GOOGLE_CALLBACK_ROUTE, config.publicUrl).toString(),
    authUrl: config.GOOGLE_AUTH_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    revokeUrl: config.GOOGLE_REVOKE_URL,
    userinfoUrl: config.GOOGLE_USERINFO_URL,
    analyticsAdminUrl: trimSlash(config.GOOGLE_ANALYTICS_ADMIN_URL),
    analyticsDataUrl: trimSlash(config.GOOGLE_ANALYTICS_DATA_URL),
    searchConsoleUrl: trimSlash(config.GOOGLE_SEARCH_CONSOLE_URL),
    adsUrl: trimSlash(config.GOOGLE_ADS_URL),
  };
}

/** The dynamic config that switches each service on for teams (Ads: the spec's `gads_enable`). */
export const SERVICE_SWITCH: Record<GoogleService, BoolDynamicConfigKey> = {
  ga: 'google_ga_enable',
  gsc: 'google_gsc_enable',
  gads: 'gads_enable',
};

export interface ServiceOffer {
  offered: boolean;
  /** English msgid saying why not; null when offered. */
  reason: string | null;
  enabled: boolean;
  client: GoogleClient | null;
}

export const NOT_CONFIGURED =
  'Google is not configured on this server: an admin adds the OAuth client in Foreign keys';
export const NO_DEVELOPER_TOKEN = 'Google Ads needs a developer token: an admin adds it in Foreign keys';
export const SWITCHED_OFF = 'An admin has switched {{service}} off';
export const GADS_DISABLED = 'Google Ads is not offered on this server (gads_enable is off)';

/** Whether a service may be bound and synced now, and if not, why. */
export async function serviceOffer(platform: Platform, service: GoogleService): Promise<ServiceOffer> {
  const [client, enabled] = await Promise.all([
    googleClient(platform),
    readDynamicConfig(platform, SERVICE_SWITCH[service]),
  ]);
  const reason = !enabled
    ? service === 'gads'
      ? GADS_DISABLED
      : SWITCHED_OFF
    : !client
      ? NOT_CONFIGURED
      : service === 'gads' && !client.developerToken
        ? NO_DEVELOPER_TOKEN
        : null;
  return { offered: reason === null, reason, enabled, client };
}

/** The offer's reason in the caller's words. */
export function offerReason(t: (msgid: string) => string, service: GoogleService, reason: string): string {
  return t(reason).replace('{{service}}', GOOGLE_SERVICE_LABELS[service]);
}

/** The client for a service that is offered; CONFLICT saying why otherwise. */
export async function requireOffered(
  platform: Platform,
  t: (msgid: string) => string,
  service: GoogleService,
): Promise<GoogleClient> {
  const offer = await serviceOffer(platform, service);
  if (!offer.offered || !offer.client) {
    throw new AppError('CONFLICT', { msg: offerReason(t, service, offer.reason ?? NOT_CONFIGURED) });
  }
  return offer.client;
}
