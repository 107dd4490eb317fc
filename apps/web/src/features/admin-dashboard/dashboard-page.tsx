import { LoginOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCount } from '../../lib/numbers';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { DASHBOARD_DAYS, type DashboardDays, dashboardQuery, toDashboardDays } from './dashboard-api';
import { RecentErrorsCard } from './recent-errors-card';
import { SignupsChart } from './signups-chart';
import { StatTile } from './stat-tile';

/** `/admin`: users, bans, sessions, sign-ups per day and the latest server errors. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const days = toDashboardDays(searchParams.get('days'));
  const { data, isPending } = useQuery(dashboardQuery(days));
  const signups = data?.signups_per_day ?? [];
  const signupsTotal = signups.reduce((sum, point) => sum + point.count, 0);

  return (
    <>
      <DocumentTitle title={t('Dashboard')} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Dashboard')}
        </Typography.Title>
        <Segmented<DashboardDays>
          aria-label={t('Period')}
          value={days}
          options={DASHBOARD_DAYS.map((value) => ({
            value,
            label: t('{{count}} days', { count: value, defaultValue_one: '{{count}} day' }),
          }))}
          onChange={(value) => setSearchParams({ days: String(value) }, { replace: true })}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StatTile
            title={t('Users')}
            value={data?.users_total}
            icon={<UserOutlined aria-hidden />}
            loading={isPending}
          />
        </Col>
        <Col xs={24} md={8}>
          <StatTile
            title={t('Banned users')}
            value={data?.users_banned}
            icon={<StopOutlined aria-hidden />}
            loading={isPending}
          />
        </Col>
        <Col xs={24} md={8}>
          <StatTile
            title={t('Active sessions')}
            value={data?.active_sessions}
            icon={<LoginOutlined aria-hidden />}
            loading={isPending}
          />
        </Col>
        <Col xs={24} xl={14}>
          <Card
            title={t('Sign-ups per day')}
            extra={
              data ? (
                <Typography.Text type="secondary">
                  {t('{{total}} in {{count}} days', {
                    total: formatCount(signupsTotal),
                    count: days,
                    defaultValue_one: '{{total}} in {{count}} day',
                  })}
                </Typography.Text>
              ) : null
            }
            loading={isPending}
          >
            {signups.length > 0 ? (
              <SignupsChart points={signups} seriesName={t('Sign-ups')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <RecentErrorsCard errors={data?.recent_server_errors ?? []} loading={isPending} />
        </Col>
      </Row>
    </>
  );
}
