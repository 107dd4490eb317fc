import type { Translate } from './translate';

/** Spec section 2: a message's level (important, warning, special, other), most urgent first. */
export const MESSAGE_LEVELS = ['important', 'warning', 'special', 'other'] as const;

export function messageLevelLabel(level: string, t: Translate): string {
  switch (level) {
    case 'important':
      return t('Important');
    case 'warning':
      return t('Warning');
    case 'special':
      return t('Special');
    case 'other':
      return t('Other');
    default:
      return level;
  }
}

/** An e-mail log's delivery state. */
export function emailStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'sent':
      return t('Sent');
    case 'queued':
      return t('Queued');
    case 'not_sent':
      return t('Not sent');
    case 'failed':
      return t('Failed');
    default:
      return status;
  }
}

/** A notice's window: not started yet, showing, or over. */
export function noticeStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'scheduled':
      return t('Scheduled');
    case 'active':
      return t('Active');
    case 'ended':
      return t('Ended');
    default:
      return status;
  }
}
