import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { subscriptionEventLabel } from '../../widgets/billing-labels/billing-labels';
import { TeamHistoryDrawer, useTeamHistoryPage } from '../../widgets/team-history-drawer/team-history-drawer';
import { type AdminSubscription, historyQuery } from './subscriptions-api';

/** A team's subscription events, newest first: what changed, the period, who did it and why. */
export function SubscriptionHistoryDrawer({
  subscription,
  onClose,
}: {
  subscription: AdminSubscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const teamId = subscription?.team_id ?? '';
  const [page, setPage] = useTeamHistoryPage(teamId);
  const history = useQuery({ ...historyQuery(teamId, page), enabled: teamId !== '' });
  return (
    <TeamHistoryDrawer
      open={subscription !== null}
      data={history.data}
      loading={history.isLoading}
      page={page}
      onPage={setPage}
      title={t('Subscription history of {{team}}', { team: subscription?.team_name ?? '' })}
      onClose={onClose}
      columns={[
        {
          key: 'time',
          title: t('Time'),
          width: 170,
          render: (_, event) => formatDate(event.creation_time),
        },
        {
          key: 'kind',
          title: t('Event'),
          render: (_, event) => <Tag>{subscriptionEventLabel(event.kind, t)}</Tag>,
        },
        {
          key: 'plan',
          title: t('Plan'),
          dataIndex: 'plan_name',
          render: (name: string) => planNameLabel(name, t),
        },
        {
          key: 'period',
          title: t('Period'),
          render: (_, event) =>
            event.period_start !== null || event.period_end !== null
              ? `${formatDate(event.period_start)} – ${formatDate(event.period_end)}`
              : '',
        },
        {
          key: 'order',
          title: t('Order'),
          render: (_, event) =>
            event.order_id ? (
              <Link to={`/admin/order/details?${new URLSearchParams({ id: event.order_id })}`}>
                {event.order_num ?? event.order_id}
              </Link>
            ) : null,
        },
        {
          key: 'by',
          title: t('By'),
          render: (_, event) =>
            event.actor ? (
              <Link to={`/admin/user/details?${new URLSearchParams({ id: event.actor.id })}`}>
                {event.actor.username}
              </Link>
            ) : (
              <Typography.Text type="secondary">{t('The team')}</Typography.Text>
            ),
        },
        { key: 'reason', title: t('Reason'), render: (_, event) => event.reason ?? '' },
      ]}
    />
  );
}
