import type { Translate } from './translate';

/** An analysis run's state in the history. */
export function runStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'running':
      return t('Running');
    case 'succeeded':
      return t('Completed');
    case 'failed':
      return t('Failed');
    default:
      return status;
  }
}
