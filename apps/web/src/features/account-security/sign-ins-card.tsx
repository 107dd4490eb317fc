import { RECENT_SIGN_INS_LIMIT, type zSignInEvent } from '@app/contract/account/security/sign-ins';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { useDeviceLabel } from './device-label';
import { recentSignInsQuery } from './security-api';
import { useSignInLabels } from './sign-in-labels';

type SignInEvent = z.infer<typeof zSignInEvent>;

/** The last sign-in attempts, failed ones included, so a stranger's tries do not go unnoticed. */
export function SignInsCard() {
  const { t } = useTranslation();
  const signIns = useQuery(recentSignInsQuery);
  const deviceLabel = useDeviceLabel();
  const labels = useSignInLabels();

  return (
    <Card title={t('Recent sign-ins')}>
      <Typography.Paragraph type="secondary">
        {t('Your last {{count}} sign-in attempts, newest first.', {
          count: RECENT_SIGN_INS_LIMIT,
          defaultValue_one: 'Your last sign-in attempt.',
        })}
      </Typography.Paragraph>
      <Table<SignInEvent>
        size="small"
        rowKey="id"
        pagination={false}
        loading={signIns.isPending}
        dataSource={signIns.data?.items ?? []}
        scroll={{ x: 640 }}
        locale={{
          emptyText: signIns.isError ? t('The sign-ins could not be loaded.') : t('No sign-ins yet.'),
        }}
        columns={[
          { key: 'time', title: t('Time'), width: 170, render: (_, event) => formatDate(event.created_at) },
          {
            key: 'result',
            title: t('Result'),
            width: 200,
            render: (_, event) =>
              event.success ? (
                <Tag color="success">{t('Succeeded')}</Tag>
              ) : (
                <>
                  <Tag color="error">{t('Failed')}</Tag>
                  <Typography.Text type="secondary">{labels.reason(event.reason)}</Typography.Text>
                </>
              ),
          },
          {
            key: 'method',
            title: t('Method'),
            width: 150,
            render: (_, event) => labels.method(event.method),
          },
          {
            key: 'device',
            title: t('Device'),
            render: (_, event) => (
              <Tooltip title={event.user_agent}>
                <span>{deviceLabel(event.user_agent)}</span>
              </Tooltip>
            ),
          },
          { key: 'ip', title: t('IP address'), width: 140, render: (_, event) => event.ip_address ?? '' },
        ]}
      />
    </Card>
  );
}
