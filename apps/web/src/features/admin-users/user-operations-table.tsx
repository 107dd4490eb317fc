import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { resultLabel } from '../../lib/labels/log-labels';

/** The latest admin operations on this user, newest first, as the audit log holds them. */
export function UserOperationsTable({ operations }: { operations: OperationRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table<OperationRecord>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={operations}
      scroll={{ x: 640 }}
      locale={{ emptyText: t('No operations yet') }}
      columns={[
        { key: 'time', title: t('Time'), width: 170, render: (_, op) => formatDate(op.creation_time) },
        {
          key: 'action',
          title: t('Action'),
          render: (_, op) => <Typography.Text code>{op.action}</Typography.Text>,
        },
        { key: 'actor', title: t('By'), render: (_, op) => op.actor_email ?? t('System') },
        {
          key: 'result',
          title: t('Result'),
          width: 110,
          render: (_, op) => (
            <Tag color={op.result === 'success' ? 'green' : 'red'} title={op.error ?? undefined}>
              {resultLabel(op.result, t)}
            </Tag>
          ),
        },
      ]}
    />
  );
}
