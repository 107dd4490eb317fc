import type { EmailLog } from '@app/contract/messages/email-logs';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Status = EmailLog['status'];

const COLORS: Record<Status, string | undefined> = {
  sent: 'green',
  queued: 'blue',
  not_sent: undefined,
  failed: 'red',
};

export function emailStatusLabels(t: (msgid: string) => string): Record<Status, string> {
  return {
    sent: t('Sent'),
    queued: t('Queued'),
    not_sent: t('Not sent'),
    failed: t('Failed'),
  };
}

export function EmailStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{emailStatusLabels(t)[status]}</Tag>;
}
