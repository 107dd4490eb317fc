import type { AdminNotice } from '@app/contract/messages/notices';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AdminNotice['status'], string | undefined> = {
  scheduled: 'blue',
  active: 'green',
  ended: undefined,
};

/** Where a notice stands against its time window: not yet, shown now, or over. */
export function NoticeStatusTag({ status }: { status: AdminNotice['status'] }) {
  const { t } = useTranslation();
  const labels: Record<AdminNotice['status'], string> = {
    scheduled: t('Scheduled'),
    active: t('Active'),
    ended: t('Ended'),
  };
  return <Tag color={COLORS[status]}>{labels[status]}</Tag>;
}
