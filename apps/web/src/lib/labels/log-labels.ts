import type { Translate } from './translate';

/** A scheduled job run's state. */
export function jobStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'running':
      return t('Running');
    case 'completed':
      return t('Completed');
    case 'failed':
      return t('Failed');
    default:
      return status;
  }
}

/** Whether an operation (an audited admin action, one file of an upload) worked. */
export function resultLabel(result: string, t: Translate): string {
  switch (result) {
    case 'success':
      return t('Success');
    case 'failure':
      return t('Failure');
    default:
      return result;
  }
}
