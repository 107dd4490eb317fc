import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

/**
 * The drawer's facts about one object, one a line, ending with when Stripe created it and when
 * the mirror last read it.
 */
export function MirrorFacts({
  items,
  times,
}: {
  items: NonNullable<DescriptionsProps['items']>;
  times: { creation_time: number; synced_time: number };
}) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        ...items,
        { key: 'created', label: t('Created at Stripe'), children: formatDate(times.creation_time) },
        { key: 'synced', label: t('Last synced'), children: formatDate(times.synced_time) },
      ]}
    />
  );
}

/** An id to copy as written (`pi_…`, `cus_…`). */
export function CopyableId({ id }: { id: string }) {
  return <Typography.Text copyable>{id}</Typography.Text>;
}

/** One of our orders on its admin page, named by its number when known. */
export function OrderLink({ id, name }: { id: string; name?: string | null }) {
  return <Link to={`/admin/order/details?${new URLSearchParams({ id })}`}>{name ?? id}</Link>;
}

/** The order the object is for, or that it is none of ours (paid at Stripe without an order). */
export function OurOrder({ id, name }: { id: string | null; name?: string | null }) {
  const { t } = useTranslation();
  if (id) return <OrderLink id={id} name={name} />;
  return <Typography.Text type="secondary">{t('Not one of our orders')}</Typography.Text>;
}

/** The subscription on `/admin/stripe/subscription`, found by its id. */
export function SubscriptionLink({ id }: { id: string | null }) {
  if (!id) return null;
  return <Link to={`/admin/stripe/subscription?${new URLSearchParams({ q: id })}`}>{id}</Link>;
}

/** The subscription's schedule on `/admin/stripe/schedule`, found by its id. */
export function ScheduleLink({ id }: { id: string | null }) {
  if (!id) return null;
  return <Link to={`/admin/stripe/schedule?${new URLSearchParams({ q: id })}`}>{id}</Link>;
}
