import {
  STRIPE_SCHEDULE_END_BEHAVIORS,
  STRIPE_SCHEDULE_STATUSES,
  stripeScheduleListFields,
} from '@app/contract/billing/stripe-schedules';
import type { FilterableField } from '@app/contract/list';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import {
  stripeScheduleActionLabel,
  stripeScheduleEndBehaviorLabel,
  stripeScheduleStatusColor,
  stripeScheduleStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import {
  nextChangeText,
  ScheduleDrawer,
  SubscriptionLink,
  scheduleActions,
  spanText,
} from './schedule-drawer';
import {
  fetchStripeSchedules,
  type StripeScheduleAction,
  type StripeScheduleRow,
  stripeSchedulesKey,
  useActOnStripeSchedule,
} from './schedules-api';

const ROUTE = '/admin/stripe/schedule';

type Filters = Partial<Record<FilterableField<typeof stripeScheduleListFields>, FilterFieldConfig>>;

interface Acting {
  schedule: StripeScheduleRow;
  action: StripeScheduleAction;
}

/**
 * `/admin/stripe/schedule`: Stripe's subscription schedules as the mirror last read them (Stripe's
 * webhooks keep it), each with its subscription, team, current phase and what changes next; its
 * phases and events in a drawer. An operator releases one (the subscription stays as it is) or
 * cancels it (the subscription ends), each with a reason.
 */
export function StripeSchedulesPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STRIPE_SCHEDULE_STATUSES.map((status) => ({
          name: stripeScheduleStatusLabel(status, t),
          value: status,
        })),
      },
      end_behavior: {
        alias: t('After the last phase'),
        type: 'check_list',
        options: STRIPE_SCHEDULE_END_BEHAVIORS.map((behavior) => ({
          name: stripeScheduleEndBehaviorLabel(behavior, t),
          value: behavior,
        })),
      },
      current_phase_end: { alias: t('Current phase ends'), type: 'range' },
      creation_time: { alias: t('Created at Stripe'), type: 'range' },
    }),
    [t],
  );
  const list = useServerList<StripeScheduleRow>({
    queryKey: [...stripeSchedulesKey, 'list'],
    fetch: fetchStripeSchedules,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const [open, setOpen] = useState<StripeScheduleRow | null>(null);
  const [acting, setActing] = useState<Acting | null>(null);
  const act = useActOnStripeSchedule();
  const { message } = App.useApp();
  const startAction = (schedule: StripeScheduleRow, action: StripeScheduleAction) =>
    setActing({ schedule, action });

  const columns = useMemo(
    () =>
      sortableByContract<StripeScheduleRow>(
        [
          {
            field: 'creation_time',
            headerName: t('Created'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          { field: 'id', colId: 'schedule_id', headerName: t('Schedule'), kind: 'code' },
          {
            field: 'subscription_id',
            headerName: t('Subscription'),
            kind: 'code',
            cellRenderer: ({ data }: { data?: StripeScheduleRow }) =>
              data ? <SubscriptionLink id={data.subscription_id} /> : null,
          },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team?.name ?? '',
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STRIPE_SCHEDULE_STATUSES.map((status) => stripeScheduleStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: StripeScheduleRow }) =>
              data ? (
                <Tag color={stripeScheduleStatusColor(data.status)}>
                  {stripeScheduleStatusLabel(data.status, t)}
                </Tag>
              ) : null,
          },
          {
            field: 'end_behavior',
            headerName: t('After the last phase'),
            samples: STRIPE_SCHEDULE_END_BEHAVIORS.map((behavior) =>
              stripeScheduleEndBehaviorLabel(behavior, t),
            ),
            valueGetter: ({ data }) => (data ? stripeScheduleEndBehaviorLabel(data.end_behavior, t) : ''),
          },
          {
            colId: 'current_phase_end',
            headerName: t('Current phase'),
            kind: 'code',
            samples: ['0000-00-00 00:00:00 – 0000-00-00 00:00:00'],
            valueGetter: ({ data }) => (data ? spanText(data.current_phase) : ''),
          },
          {
            colId: 'next_phase',
            headerName: t('Next change'),
            kind: 'longText',
            valueGetter: ({ data }) => (data ? nextChangeText(data, t) : ''),
          },
          {
            field: 'synced_time',
            headerName: t('Last synced'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            samples: [
              t('Phases'),
              stripeScheduleActionLabel('release', t),
              stripeScheduleActionLabel('cancel', t),
            ],
            cellRenderer: ({ data }: { data?: StripeScheduleRow }) =>
              data ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    aria-label={t('Phases and events of schedule {{id}}', { id: data.id })}
                    onClick={() => setOpen(data)}
                  >
                    {t('Phases')}
                  </Button>
                  {scheduleActions(data).map((action) => (
                    <Button
                      key={action}
                      size="small"
                      type="link"
                      danger={action === 'cancel'}
                      aria-label={t('{{action}}: schedule {{id}}', {
                        action: stripeScheduleActionLabel(action, t),
                        id: data.id,
                      })}
                      onClick={() => setActing({ schedule: data, action })}
                    >
                      {stripeScheduleActionLabel(action, t)}
                    </Button>
                  ))}
                </Space>
              ) : null,
          },
        ],
        stripeScheduleListFields,
      ),
    [t],
  );

  const id = acting?.schedule.id ?? '';
  const subscription = acting?.schedule.subscription_id ?? '';
  const modal: Record<StripeScheduleAction, { title: string; description: string; done: string }> = {
    release: {
      title: t('Release schedule {{id}}?', { id }),
      description: t(
        'The schedule stops and the subscription {{subscription}} is kept as it is now; the later phases never apply.',
        { subscription },
      ),
      done: t('Schedule {{id}} released', { id }),
    },
    cancel: {
      title: t('Cancel schedule {{id}}?', { id }),
      description: t(
        'The schedule stops and the subscription {{subscription}} is canceled now: it renews no more, and nothing is credited back.',
        { subscription },
      ),
      done: t('Schedule {{id}} canceled, with its subscription', { id }),
    },
  };
  const shown = acting ? modal[acting.action] : null;

  return (
    <>
      <DocumentTitle title={t('Subscription schedules')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Subscription schedules')}
      </Typography.Title>
      <ServerListView<StripeScheduleRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search schedule, subscription, customer or team')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(schedule) => schedule.id}
      />
      <ScheduleDrawer schedule={open} onClose={() => setOpen(null)} onAction={startAction} />
      <ReasonModal<ReasonValues>
        open={acting !== null}
        title={shown?.title ?? ''}
        okText={acting ? stripeScheduleActionLabel(acting.action, t) : ''}
        danger={acting?.action === 'cancel'}
        description={
          shown ? (
            <Alert
              type={acting?.action === 'cancel' ? 'warning' : 'info'}
              showIcon
              title={shown.description}
            />
          ) : null
        }
        onSubmit={async ({ reason }) => {
          if (!acting || !shown) return;
          await act.mutateAsync({ id: acting.schedule.id, action: acting.action, reason });
          void message.success(shown.done);
        }}
        onClose={() => setActing(null)}
      />
    </>
  );
}
