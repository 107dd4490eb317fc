import { useQuery } from '@tanstack/react-query';
import { Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { Translate } from '../../lib/labels/translate';
import {
  perStripeIntervalLabel,
  stripeScheduleEndBehaviorLabel,
  stripeScheduleStatusColor,
  stripeScheduleStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DrawerActions, type MirrorDrawerProps } from './mirror-actions';
import { MirrorEvents } from './mirror-events';
import { CopyableId, MirrorFacts, OrderLink, SubscriptionLink } from './mirror-facts';
import {
  type StripeScheduleAction,
  type StripeScheduleDetails,
  type StripeScheduleRow,
  stripeScheduleQuery,
} from './schedules-api';

type Phase = StripeScheduleRow['phases'][number];
type PhaseItem = Phase['items'][number];
type ScheduleEvent = StripeScheduleDetails['events'][number];

/** Dates, prices and trials keep one line; the phases scroll sideways rather than break them. */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** Stripe takes no action on a schedule that is over. */
const OVER = new Set(['released', 'canceled', 'completed']);

/** Release and cancel, while the schedule is not over. */
export function offeredScheduleActions(schedule: StripeScheduleRow): StripeScheduleAction[] {
  return OVER.has(schedule.status) ? [] : ['release', 'cancel'];
}

/** `$19.90 / month`; a price that is not a flat amount is named by its id. */
export function priceText(item: PhaseItem, t: Translate): string {
  if (item.unit_amount === null) return item.price_id;
  const amount = formatMoney(item.unit_amount, item.currency);
  return item.interval
    ? `${amount} ${perStripeIntervalLabel(item.interval_count ?? 1, item.interval, t)}`
    : amount;
}

/** What a phase moves to: our plan when its metadata names one, else its price. */
function phaseTarget(phase: Phase, t: Translate): string {
  if (phase.plan?.name) return planNameLabel(phase.plan.name, t);
  return phase.items.map((item) => priceText(item, t)).join(', ');
}

/** A span of seconds, start – end. */
export function spanText(span: { start: number; end: number } | null): string {
  return span ? `${formatDate(span.start)} – ${formatDate(span.end)}` : '';
}

/**
 * What happens next: the next phase's plan and start; after the last phase, what the end
 * behaviour does to the subscription; nothing once the schedule is over.
 */
export function nextChangeText(schedule: StripeScheduleRow, t: Translate): string {
  if (OVER.has(schedule.status)) return '';
  const next = schedule.next_phase;
  if (next) return t('{{plan}} on {{date}}', { plan: phaseTarget(next, t), date: formatDate(next.start) });
  const end = schedule.phases.at(-1)?.end;
  if (!end) return '';
  return schedule.end_behavior === 'cancel'
    ? t('Schedule ends on {{date}}; the subscription is canceled', { date: formatDate(end) })
    : t('Schedule ends on {{date}}; the subscription is kept', { date: formatDate(end) });
}

/**
 * One schedule as the mirror holds it: its phases (the current one marked) and every event
 * received about it, oldest first, each with what the payments handler made of it.
 */
export function ScheduleDrawer({
  row: schedule,
  actions,
  onClose,
  onAction,
}: MirrorDrawerProps<StripeScheduleRow, StripeScheduleAction>) {
  const { t } = useTranslation();
  const details = useQuery({ ...stripeScheduleQuery(schedule?.id ?? ''), enabled: schedule !== null });
  const shown = details.data?.schedule ?? schedule;
  return (
    <Drawer
      open={schedule !== null}
      onClose={onClose}
      title={t('Schedule {{id}}', { id: schedule?.id ?? '' })}
      size="min(1200px, 92vw)"
      extra={shown ? <DrawerActions row={shown} actions={actions} onAction={onAction} /> : null}
    >
      {shown ? (
        <>
          <MirrorFacts
            times={shown}
            items={[
              { key: 'id', label: t('Schedule'), children: <CopyableId id={shown.id} /> },
              {
                key: 'subscription',
                label: t('Subscription'),
                children: <SubscriptionLink id={shown.subscription_id} />,
              },
              { key: 'customer', label: t('Customer'), children: <CopyableId id={shown.customer_id} /> },
              { key: 'team', label: t('Team'), children: shown.team?.name ?? '' },
              {
                key: 'status',
                label: t('Status'),
                children: (
                  <Tag color={stripeScheduleStatusColor(shown.status)}>
                    {stripeScheduleStatusLabel(shown.status, t)}
                  </Tag>
                ),
              },
              {
                key: 'end',
                label: t('After the last phase'),
                children: stripeScheduleEndBehaviorLabel(shown.end_behavior, t),
              },
              { key: 'current', label: t('Current phase'), children: spanText(shown.current_phase) },
              { key: 'next', label: t('Next change'), children: nextChangeText(shown, t) },
              ...(shown.released_at
                ? [{ key: 'released', label: t('Released'), children: formatDate(shown.released_at) }]
                : []),
              ...(shown.canceled_at
                ? [{ key: 'canceled', label: t('Canceled'), children: formatDate(shown.canceled_at) }]
                : []),
              ...(shown.completed_at
                ? [{ key: 'completed', label: t('Completed'), children: formatDate(shown.completed_at) }]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Phases')}
          </Typography.Title>
          <Table<Phase>
            size="small"
            rowKey={(phase) => `${phase.start}`}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={shown.phases}
            locale={{ emptyText: t('This schedule has no phase.') }}
            columns={[
              {
                key: 'start',
                title: t('Start'),
                onCell: oneLine,
                render: (_, phase) => (
                  <Space size={4}>
                    {formatDate(phase.start)}
                    {phase.current ? <Tag color="success">{t('Current')}</Tag> : null}
                  </Space>
                ),
              },
              { key: 'end', title: t('End'), onCell: oneLine, render: (_, phase) => formatDate(phase.end) },
              {
                key: 'plan',
                title: t('Plan'),
                render: (_, phase) => (phase.plan?.name ? planNameLabel(phase.plan.name, t) : ''),
              },
              {
                key: 'price',
                title: t('Price'),
                onCell: oneLine,
                render: (_, phase) => phase.items.map((item) => priceText(item, t)).join(', '),
              },
              {
                key: 'quantity',
                title: t('Quantity'),
                render: (_, phase) => phase.items.map((item) => item.quantity ?? '').join(', '),
              },
              {
                key: 'trial',
                title: t('Trial'),
                onCell: oneLine,
                render: (_, phase) =>
                  phase.trial
                    ? phase.trial_end
                      ? t('Until {{date}}', { date: formatDate(phase.trial_end) })
                      : t('Yes')
                    : t('No'),
              },
              {
                key: 'order',
                title: t('Order'),
                render: (_, phase) =>
                  phase.order_id ? <OrderLink id={phase.order_id} name={phase.order_num} /> : '',
              },
            ]}
          />
          <MirrorEvents<ScheduleEvent>
            events={details.data?.events ?? []}
            loading={details.isLoading}
            emptyText={t('No event was received for this schedule.')}
          />
        </>
      ) : null}
    </Drawer>
  );
}
