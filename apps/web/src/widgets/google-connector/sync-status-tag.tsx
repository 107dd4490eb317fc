import type { SyncStatus } from '@app/contract/connectors/google-services';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { syncStatusLabel } from '../../lib/labels/connector-labels';

const COLORS: Record<SyncStatus, string | undefined> = {
  idle: undefined,
  queued: 'processing',
  running: 'processing',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'error',
};

/** A Google service's sync state, in the same words on the connectors page and the admin's lists. */
export function SyncStatusTag({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{syncStatusLabel(status, t)}</Tag>;
}
