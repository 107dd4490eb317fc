import {
  STRIPE_SCHEDULE_END_BEHAVIORS,
  STRIPE_SCHEDULE_STATUSES,
  stripeScheduleListFields,
} from '@app/contract/billing/stripe-schedules';
import type { FilterableField } from '@app/contract/list';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../lib/labels/translate';
import {
  stripeScheduleActionLabel,
  stripeScheduleEndBehaviorLabel,
  stripeScheduleStatusColor,
  stripeScheduleStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import type { MirrorActions } from './mirror-actions';
import { checkListFilter, statusColumn, teamColumn, timeColumn } from './mirror-columns';
import { SubscriptionLink } from './mirror-facts';
import { MirrorListPage } from './mirror-list';
import { nextChangeText, offeredScheduleActions, ScheduleDrawer, spanText } from './schedule-drawer';
import {
  fetchStripeSchedules,
  type StripeScheduleAction,
  type StripeScheduleRow,
  stripeSchedulesKey,
  useActOnStripeSchedule,
} from './schedules-api';

const ROUTE = '/admin/stripe/schedule';

type Filters = Partial<Record<FilterableField<typeof stripeScheduleListFields>, FilterFieldConfig>>;

/** Release (the subscription stays as it is) or cancel (the subscription ends now). */
function scheduleActions(t: Translate): MirrorActions<StripeScheduleRow, StripeScheduleAction> {
  return {
    open: {
      label: t('Phases'),
      ariaLabel: (schedule) => t('Phases and events of schedule {{id}}', { id: schedule.id }),
    },
    offered: offeredScheduleActions,
    widest: ['release', 'cancel'],
    label: (action) => stripeScheduleActionLabel(action, t),
    ariaLabel: (schedule, action) =>
      t('{{action}}: schedule {{id}}', { action: stripeScheduleActionLabel(action, t), id: schedule.id }),
    dangerous: ['cancel'],
    confirm: (schedule, action) => {
      const id = schedule.id;
      const subscription = schedule.subscription_id ?? '';
      const texts: Record<StripeScheduleAction, { title: string; description: string; done: string }> = {
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
      return texts[action];
    },
  };
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
      status: checkListFilter(t('Status'), STRIPE_SCHEDULE_STATUSES, (status) =>
        stripeScheduleStatusLabel(status, t),
      ),
      end_behavior: checkListFilter(t('After the last phase'), STRIPE_SCHEDULE_END_BEHAVIORS, (behavior) =>
        stripeScheduleEndBehaviorLabel(behavior, t),
      ),
      current_phase_end: { alias: t('Current phase ends'), type: 'range' },
      creation_time: { alias: t('Created at Stripe'), type: 'range' },
    }),
    [t],
  );
  const actions = useMemo(() => scheduleActions(t), [t]);
  const act = useActOnStripeSchedule();

  const columns = useMemo(
    (): GridColDef<StripeScheduleRow>[] => [
      timeColumn('creation_time', t('Created')),
      { field: 'id', colId: 'schedule_id', headerName: t('Schedule'), kind: 'code' },
      {
        field: 'subscription_id',
        headerName: t('Subscription'),
        kind: 'code',
        cellRenderer: ({ data }: { data?: StripeScheduleRow }) =>
          data ? <SubscriptionLink id={data.subscription_id} /> : null,
      },
      teamColumn(t),
      statusColumn(t, {
        field: 'status',
        values: STRIPE_SCHEDULE_STATUSES,
        label: stripeScheduleStatusLabel,
        color: stripeScheduleStatusColor,
      }),
      {
        field: 'end_behavior',
        headerName: t('After the last phase'),
        samples: STRIPE_SCHEDULE_END_BEHAVIORS.map((behavior) => stripeScheduleEndBehaviorLabel(behavior, t)),
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
      timeColumn('synced_time', t('Last synced')),
    ],
    [t],
  );

  return (
    <MirrorListPage
      title={t('Subscription schedules')}
      route={ROUTE}
      queryKey={[...stripeSchedulesKey, 'list']}
      fetch={fetchStripeSchedules}
      fields={stripeScheduleListFields}
      filterConfig={filterConfig}
      searchPlaceholder={t('Search schedule, subscription, customer or team')}
      columns={columns}
      actions={actions}
      act={(schedule, action, reason) => act.mutateAsync({ id: schedule.id, action, reason })}
      drawer={ScheduleDrawer}
    />
  );
}
