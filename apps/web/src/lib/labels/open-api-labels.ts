import type { Translate } from './translate';

/** A REST token's state (`REST_TOKEN_STATUSES`). */
export function restTokenStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'active':
      return t('Active');
    case 'expired':
      return t('Expired');
    case 'revoked':
      return t('Revoked');
    default:
      return status;
  }
}
