import type { CertificateExpiry } from '@app/contract/admin/foreign-keys/foreign-keys';
import type { Translate } from './translate';

/** A certificate's standing on the foreign-keys page: flagged 30 days before it expires. */
export function certificateStatusLabel(status: CertificateExpiry['status'] | string, t: Translate): string {
  switch (status) {
    case 'valid':
      return t('Valid certificate');
    case 'expiring':
      return t('Expires within 30 days');
    case 'expired':
      return t('Expired');
    default:
      return status;
  }
}
