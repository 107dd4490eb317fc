import { EXTERNAL_API_LABELS, type ExternalApi } from '@app/contract/connectors/admin-interfaces';
import { GOOGLE_SERVICE_LABELS, type GoogleService } from '@app/contract/connectors/google-services';
import type { Translate } from './translate';

/** A Google service's sync state, in the same words on the connectors page and the admin's lists. */
export function syncStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'idle':
      return t('Waiting for a choice');
    case 'queued':
      return t('Queued');
    case 'running':
      return t('Syncing');
    case 'waiting':
      return t('Paused');
    case 'succeeded':
      return t('Up to date');
    case 'failed':
      return t('Failed');
    default:
      return status;
  }
}

/** Which part of a sync is running: the first (up to two years back) or the daily one. */
export function syncPhaseLabel(phase: string, t: Translate): string {
  switch (phase) {
    case 'backfill':
      return t('First sync (up to 2 years)');
    case 'incremental':
      return t('Daily update');
    default:
      return phase;
  }
}

/** How current a service's data is. */
export function freshnessLabel(state: string, t: Translate): string {
  switch (state) {
    case 'fresh':
      return t('Fresh');
    case 'stale':
      return t('Stale');
    case 'none':
      return t('No data yet');
    default:
      return state;
  }
}

/** How a call to an external API ended. */
export function callOutcomeLabel(outcome: string, t: Translate): string {
  switch (outcome) {
    case 'ok':
      return t('OK');
    case 'quota':
      return t('Quota');
    case 'auth':
      return t('Auth');
    case 'error':
      return t('Error');
    case 'unreachable':
      return t('Unreachable');
    default:
      return outcome;
  }
}

/** An external API by its name in the contract (each a literal msgid there). */
export function externalApiLabel(api: string, t: Translate): string {
  const label = EXTERNAL_API_LABELS[api as ExternalApi] as string | undefined;
  return label ? t(label) : api;
}

/** A Google service (Analytics, Search Console, Ads) by its product name. */
export function googleServiceLabel(service: string, t: Translate): string {
  const label = GOOGLE_SERVICE_LABELS[service as GoogleService] as string | undefined;
  return label ? t(label) : service;
}
