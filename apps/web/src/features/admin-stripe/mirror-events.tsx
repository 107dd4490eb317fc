import { Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { notificationOutcomeLabel } from '../../widgets/billing-labels/billing-labels';

/** An event Stripe sent about an object, as every mirror's details list it. */
export interface MirrorEvent {
  id: string;
  event_id: string;
  type: string;
  /** What the payments handler made of it (`payment_notifications.outcome`). */
  outcome: string;
  detail: string | null;
  creation_time: number;
}

/**
 * The drawer's "Events received": every event about the object, oldest first, with when it came,
 * its type, what it did (the handler's outcome, unless the mirror says more) and its detail, then
 * the mirror's own columns.
 */
export function MirrorEvents<Event extends MirrorEvent>({
  events,
  loading,
  emptyText,
  did,
  extraColumns = [],
}: {
  events: Event[];
  loading: boolean;
  emptyText: string;
  /** What the event did, when the mirror knows more than the handler's outcome. */
  did?: (event: Event) => ReactNode;
  extraColumns?: TableColumnsType<Event>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('Events received')}
      </Typography.Title>
      <Table<Event>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={events}
        locale={{ emptyText }}
        columns={[
          {
            key: 'time',
            title: t('Received'),
            width: 170,
            render: (_, event) => formatDate(event.creation_time),
          },
          {
            key: 'type',
            title: t('Event'),
            render: (_, event) => <Typography.Text code>{event.type || event.event_id}</Typography.Text>,
          },
          {
            key: 'did',
            title: t('What it did'),
            render: (_, event) => (did ? did(event) : notificationOutcomeLabel(event.outcome, t)),
          },
          { key: 'detail', title: t('Detail'), render: (_, event) => event.detail ?? '' },
          ...extraColumns,
        ]}
      />
    </>
  );
}
