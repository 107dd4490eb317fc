import type { AdminNotice } from '@app/contract/messages/notices';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeStatusLabel } from '../../lib/labels/message-labels';

const COLORS: Record<AdminNotice['status'], string | undefined> = {
  scheduled: 'blue',
  active: 'green',
  ended: undefined,
};

/** Where a notice stands against its time window: not yet, shown now, or over. */
export function NoticeStatusTag({ status }: { status: AdminNotice['status'] }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{noticeStatusLabel(status, t)}</Tag>;
}
