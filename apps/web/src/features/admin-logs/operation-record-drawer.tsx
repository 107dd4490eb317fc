import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

interface OperationRecordDrawerProps {
  record: OperationRecord | null;
  onClose: () => void;
}

/** One audit record in full: who, what, on what, from where, and the state before and after. */
export function OperationRecordDrawer({ record, onClose }: OperationRecordDrawerProps) {
  const { t } = useTranslation();
  const json = (value: unknown) => (value ? JSON.stringify(value, null, 2) : '∅');

  return (
    <Drawer open={record !== null} onClose={onClose} title={t('Operation record')} size="min(720px, 90vw)">
      {record ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'time', label: t('Time'), children: formatDate(record.creation_time) },
              {
                key: 'actor',
                label: t('Actor'),
                children: record.actor_email ?? record.actor_id ?? t('System'),
              },
              {
                key: 'action',
                label: t('Action'),
                children: <Typography.Text code>{record.action}</Typography.Text>,
              },
              {
                key: 'target',
                label: t('Target'),
                children: `${record.target_type}${record.target_id ? ` ${record.target_id}` : ''}`,
              },
              {
                key: 'result',
                label: t('Result'),
                children:
                  record.result === 'success' ? (
                    <Tag color="green">{t('Success')}</Tag>
                  ) : (
                    <>
                      <Tag color="red">{t('Failure')}</Tag> {record.error}
                    </>
                  ),
              },
              { key: 'ip', label: t('IP address'), children: record.ip ?? '' },
              { key: 'ua', label: t('User agent'), children: record.user_agent ?? '' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Before')}
          </Typography.Title>
          <pre className="admin-logs__pre">{json(record.before)}</pre>
          <Typography.Title level={5}>{t('After')}</Typography.Title>
          <pre className="admin-logs__pre">{json(record.after)}</pre>
        </>
      ) : null}
    </Drawer>
  );
}
