import type { EmailLog } from '@app/contract/messages/email-logs';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailStatusLabel } from '../../lib/labels/message-labels';

type Status = EmailLog['status'];

const COLORS: Record<Status, string | undefined> = {
  sent: 'green',
  queued: 'blue',
  not_sent: undefined,
  failed: 'red',
};

/** Each status in words, for the filter's choices. */
export function emailStatusLabels(t: (msgid: string) => string): Record<Status, string> {
  return {
    sent: emailStatusLabel('sent', t),
    queued: emailStatusLabel('queued', t),
    not_sent: emailStatusLabel('not_sent', t),
    failed: emailStatusLabel('failed', t),
  };
}

export function EmailStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{emailStatusLabel(status, t)}</Tag>;
}
