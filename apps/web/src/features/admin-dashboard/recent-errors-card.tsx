import type { getAdminDashboard } from '@app/contract/admin/dashboard/dashboard';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

type RecentError = EndpointResponse<typeof getAdminDashboard>['recent_server_errors'][number];

interface RecentErrorsCardProps {
  errors: RecentError[];
  loading: boolean;
}

/** The latest server errors; a request id opens the server-error log searched for it. */
export function RecentErrorsCard({ errors, loading }: RecentErrorsCardProps) {
  const { t } = useTranslation();

  return (
    <Card
      title={t('Recent server errors')}
      loading={loading}
      extra={<Link to="/admin/sys-logs/server-error">{t('All server errors')}</Link>}
      styles={{ body: { paddingBlock: 8 } }}
    >
      {errors.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No server errors. All quiet.')} />
      ) : (
        <List
          dataSource={errors}
          rowKey="id"
          renderItem={(error) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Link
                    to={`/admin/sys-logs/server-error?${new URLSearchParams({ q: error.req_id })}`}
                    aria-label={t('Open server error {{reqId}}', { reqId: error.req_id })}
                  >
                    <Typography.Text code>{error.req_id}</Typography.Text>
                  </Link>
                }
                description={
                  <>
                    <Typography.Text ellipsis style={{ display: 'block' }}>
                      {error.message}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[error.route, formatDate(error.creation_time)].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
